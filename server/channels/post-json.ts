// A JSON POST to a channel's API on node:http(s) with kept-alive connections: every message a bot
// sends is one — a conversation's reply (telegram/api.ts, whatsapp/api.ts) and a notification's
// delivery (server/notifications/channel-senders.ts) — and `fetch` (undici's, with its web
// streams) cost about a millisecond of CPU a call here — a seventh of a whole channel turn (bench
// channels-cost), a fifth of the server's CPU per guest in the notifications bench. Downloads (a
// guest's file) still use `fetch` through `reach`.
import http from 'node:http';
import https from 'node:https';
import { ChannelApiError } from './api-error.js';

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

export interface JsonAnswer {
  status: number;
  /** A response header (lower-case name). */
  header(name: string): string | undefined;
  /** The body as JSON; throws when it is not. */
  json(): unknown;
}

/**
 * POSTs `body` as JSON; answers whatever status came back. A ChannelApiError with status 0 when
 * the API cannot be reached within `timeoutMs` (or `signal` aborts).
 */
export function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<JsonAnswer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const agent = agents[target.protocol as keyof typeof agents];
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const unreachable = (error: unknown) =>
      reject(
        new ChannelApiError(
          `The API could not be reached: ${error instanceof Error ? error.message : error}`,
          0,
        ),
      );
    const request = client.request(
      target,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': payload.length },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', unreachable);
        response.on('end', () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', abort);
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            header: (name) => {
              const value = response.headers[name];
              return Array.isArray(value) ? value[0] : value;
            },
            json: () => JSON.parse(text) as unknown,
          });
        });
      },
    );
    const abort = () => request.destroy(new Error(signal?.reason ? String(signal.reason) : 'aborted'));
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    signal?.addEventListener('abort', abort, { once: true });
    if (signal?.aborted) abort();
    request.on('error', (error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      unreachable(error);
    });
    request.end(payload);
  });
}
