import { PLACEHOLDER, parseVariablePath } from '../text/variable-path';
import { isIpv4, isPort } from './ipv4';

// Spec 2 §5, API node url: protocol optional, host, ip or ${{var}} placeholders, port, path,
// query, fragment. A placeholder may stand anywhere — for a label of the host, the whole host, the
// port, or even a base url holding scheme and host (`${{base_url}}/users`) — so each valid
// placeholder is replaced by one marker character and the rest is checked around it.
const MARK = '\uE000'; // private-use character: never typed by an author
const HAS_MARK = new RegExp(MARK);

const SHAPE = new RegExp(
  `^(?:(?:https?|${MARK})://)?` + // scheme
    '([^\\s/?#:]+)' + // host
    '(?::([^\\s/?#]+))?' + // port
    '(?:[/?#]\\S*)?$', // path, query and fragment
  'i',
);
const LABEL = new RegExp(`^[a-z0-9${MARK}](?:[a-z0-9${MARK}-]*[a-z0-9${MARK}])?$`, 'i');
const TOP_LEVEL_DOMAIN = /^[a-z]{2,}$/i;
const PORT_WITH_MARK = new RegExp(`^[0-9${MARK}]+$`);

export function isValidApiUrl(text: string): boolean {
  const marked = text.replace(PLACEHOLDER, (whole, inner: string) =>
    parseVariablePath(inner) ? MARK : whole,
  );
  // Braces left over are a broken or empty placeholder (`${{user`, `${{}}`); they are not URL
  // characters either (RFC 3986), so rejecting them costs nothing.
  if (/[{}]/.test(marked)) return false;
  const match = SHAPE.exec(marked);
  if (!match) return false;
  const [, host, port] = match;
  return isValidHost(host) && (port === undefined || isValidPort(port));
}

function isValidPort(port: string): boolean {
  return HAS_MARK.test(port) ? PORT_WITH_MARK.test(port) : isPort(port);
}

function isValidHost(host: string): boolean {
  if (host.toLowerCase() === 'localhost' || isIpv4(host)) return true;
  const labels = host.split('.');
  if (!labels.every((label) => LABEL.test(label))) return false;
  // A placeholder may carry the top-level domain (`api.${{tld}}`) or the whole host.
  return HAS_MARK.test(host) || (labels.length > 1 && TOP_LEVEL_DOMAIN.test(labels[labels.length - 1]));
}
