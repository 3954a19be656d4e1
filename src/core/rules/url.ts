import { IPV4_SOURCE, isPort } from './ipv4';

// Spec 1 §5 URL rule (bot origins): optional http(s) scheme; a host with a TLD of 2+ letters,
// localhost or an IPv4 address; optional port, path, query and hash; case-insensitive.
// No user-info, no other scheme and no white space anywhere: an origin is compared, not fetched,
// so anything a browser would not send as an Origin is a typo.
const URL_RULE = new RegExp(
  '^(?:https?://)?' +
    `(?:localhost|${IPV4_SOURCE}|(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+[a-z]{2,})` +
    '(?::(\\d+))?' +
    '(?:/[^\\s?#]*)?(?:\\?[^\\s#]*)?(?:#\\S*)?$',
  'i',
);

export function isValidUrl(text: string): boolean {
  const match = URL_RULE.exec(text);
  if (!match) return false;
  const port = match[1];
  return port === undefined || isPort(port);
}
