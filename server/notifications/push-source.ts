// Push message types may name a JSON source (issue 18 item 4; PUSH_MESSAGE_SOURCES, e.g.
// {"WEATHER":"https://…/today.json"}): each push of that type fetches it — through the HTTP port's
// private-address guard, as api nodes do — and its top-level fields fill the template's
// placeholders (${{temperature}}) beside the guest's own variables.
import type { HttpPort } from '../runtime/ports.js';

export type PushSource = (pushMessageType: string) => Promise<Record<string, unknown>>;

export class PushSourceError extends Error {}

/** The PUSH_MESSAGE_SOURCES setting: a JSON object of type code → http(s) URL. */
export function parsePushSources(text: string | undefined): Record<string, string> {
  if (!text?.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('PUSH_MESSAGE_SOURCES must be a JSON object of push message type → URL');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error('PUSH_MESSAGE_SOURCES must be a JSON object of push message type → URL');
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * The source URL as the editor shows it: scheme, host and path only. The operator's URL may carry
 * an API key in its query or user part, and every customer's editor sees this.
 */
export function shownSource(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return null;
  }
}

export function pushSource(http: HttpPort, sources: Record<string, string>): PushSource {
  return async (type) => {
    const url = sources[type];
    if (!url) return {};
    let answer;
    try {
      answer = await http.request({ method: 'GET', url, headers: { accept: 'application/json' } });
    } catch (error) {
      throw new PushSourceError(`The ${type} source could not be fetched: ${(error as Error).message}`);
    }
    if (answer.status < 200 || answer.status > 299)
      throw new PushSourceError(`The ${type} source answered HTTP ${answer.status}`);
    let data: unknown;
    try {
      data = JSON.parse(answer.body);
    } catch {
      throw new PushSourceError(`The ${type} source did not answer JSON`);
    }
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  };
}
