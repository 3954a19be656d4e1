// A JSON POST to a channel's API (Telegram's Bot API, WhatsApp's Cloud API) for the notification
// senders. An occurrence makes thousands of these at once; through fetch each built a Request, a
// web stream for each body and an abort signal, about a fifth of the server's CPU per delivered
// guest in the notifications bench. Node's own client on kept-alive connections does the same
// call for much less.
import http from 'node:http';
import https from 'node:https';

export interface ChannelAnswer {
  status: number;
  /** The answer's JSON, or null when it was none. */
  data: Record<string, unknown> | null;
}

/** Connections to a channel's API are kept open between calls (one TLS handshake, not one a call). */
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/** Rejects when the API cannot be reached or stays silent for `timeoutMs`; any status resolves. */
export function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<ChannelAnswer> {
  const target = new URL(url);
  const payload = Buffer.from(JSON.stringify(body));
  const secure = target.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      target,
      {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        headers: { 'content-type': 'application/json', 'content-length': payload.length, ...headers },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          let data: Record<string, unknown> | null = null;
          try {
            data = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
          } catch {
            // Not JSON (a proxy's error page): the status says what happened.
          }
          resolve({ status: response.statusCode ?? 0, data });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(payload);
  });
}
