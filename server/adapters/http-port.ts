// The real HttpPort: api node requests over node:http(s), with a time-out per attempt, a cap on
// the response size, at most a few redirects, and — unless private targets are allowed — no way
// to reach loopback or private networks, by address or by a name resolving to one (each redirect
// is checked again).
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { HttpError, type HttpPort, type HttpRequest, type HttpResponse } from '../runtime/ports.js';
import { BlockedAddressError, isPrivateAddress, outboundLookup } from './private-address.js';

export interface HttpPortOptions {
  allowPrivateTargets: boolean;
  timeoutMs?: number;
  maxResponseBytes?: number;
  maxRedirects?: number;
  /** Host names reached even when they resolve to a private address (ALLOWED_PRIVATE_HOSTS). */
  allowedHosts?: readonly string[];
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

interface Prepared {
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

async function prepare(request: HttpRequest): Promise<Prepared> {
  const headers: Record<string, string> = { 'user-agent': 'BotFlow', accept: 'application/json, */*' };
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  let body: Buffer | null = null;
  if (request.body?.kind === 'json') {
    body = Buffer.from(request.body.text);
    headers['content-type'] ??= 'application/json';
  } else if (request.body?.kind === 'form') {
    // Response serialises a FormData as multipart with its boundary.
    const encoded = new Response(request.body.form);
    body = Buffer.from(await encoded.arrayBuffer());
    headers['content-type'] = encoded.headers.get('content-type') ?? 'multipart/form-data';
  }
  if (body) headers['content-length'] = String(body.length);
  return { method: request.method, headers, body };
}

function parseTarget(text: string, allowPrivate: boolean, allowedHosts: readonly string[] = []): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new HttpError('invalid-url', `Invalid URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HttpError('invalid-url', `Only http and https URLs can be called: ${text}`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && net.isIP(host) && isPrivateAddress(host) && !allowedHosts.includes(host)) {
    throw new HttpError('blocked', `${host} is a private address`);
  }
  return url;
}

export function createHttpPort(options: HttpPortOptions): HttpPort {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const maxRedirects = options.maxRedirects ?? 3;
  const lookup = outboundLookup(options.allowPrivateTargets, options.allowedHosts);
  // Kept-alive sockets: a bot calling the same API for every guest does not pay a handshake each time.
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
  };

  function once(url: URL, prepared: Prepared): Promise<HttpResponse & { location?: string }> {
    return new Promise((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(url, {
        method: prepared.method,
        headers: prepared.headers,
        agent: agents[url.protocol as 'http:' | 'https:'],
        lookup,
      });
      const timer = setTimeout(
        () => req.destroy(new HttpError('timeout', `No answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const fail = (error: Error) => {
        clearTimeout(timer);
        if (error instanceof HttpError) return reject(error);
        if (error instanceof BlockedAddressError) return reject(new HttpError('blocked', error.message));
        reject(new HttpError('network', error.message));
      };
      req.on('error', fail);
      req.on('response', (res) => {
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          req.destroy(new HttpError('too-large', `The response is larger than ${maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy(new HttpError('too-large', `The response is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', fail);
        res.on('end', () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
            location: res.headers.location,
          });
        });
      });
      req.end(prepared.body ?? undefined);
    });
  }

  return {
    async request(request) {
      let prepared = await prepare(request);
      let url = parseTarget(request.url, options.allowPrivateTargets, options.allowedHosts);
      for (let redirects = 0; ; redirects++) {
        const response = await once(url, prepared);
        const redirected = response.status >= 300 && response.status < 400 && response.location;
        if (!redirected || redirects >= maxRedirects) {
          return {
            status: response.status,
            contentType: response.contentType,
            body: response.body,
            url: url.toString(),
          };
        }
        const from = url;
        url = parseTarget(
          new URL(response.location!, url).toString(),
          options.allowPrivateTargets,
          options.allowedHosts,
        );
        // The author's credentials were meant for the API they named, not for wherever it points.
        if (url.host !== from.host) {
          const { authorization: _auth, cookie: _cookie, ...headers } = prepared.headers;
          prepared = { ...prepared, headers };
        }
        // 303, and 301/302 after a POST, turn into a GET without a body (as browsers do).
        if (response.status === 303 || (response.status <= 302 && prepared.method === 'POST')) {
          const { 'content-type': _type, 'content-length': _length, ...headers } = prepared.headers;
          prepared = { method: 'GET', headers, body: null };
        }
      }
    },
  };
}
