// Shared steps of the content API tests (tests/api/content-*.test.ts).
import crypto from 'node:crypto';
import type { TestApp } from './helpers.js';
import { createBot, type Customer } from '../fixtures/bot-api.js';
import { PNG } from '../fixtures/images.js';

export { customer, type Customer } from '../fixtures/bot-api.js';
export { EXE, GIF, JPEG, PNG, WEBP } from '../fixtures/images.js';

export type FilePart = { filename: string; type: string; data: Buffer };

/** A one-page PDF's first bytes are enough: the server judges files by their magic bytes. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A PNG padded past `bytes`: still a PNG by its first bytes, only too large. */
export function pngOfSize(bytes: number): Buffer {
  return Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length + 1, 0)]);
}

export const file = (filename: string, data: Buffer, type = 'application/octet-stream'): FilePart => ({
  filename,
  type,
  data,
});

/**
 * A multipart body whose fields may repeat (several `images`), as the browser's FormData sends
 * them; values are text or files.
 */
export function multipartParts(parts: [string, string | FilePart][], who?: Customer) {
  const boundary = `----botflow${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...who?.headers },
  };
}

/** A form from an object (files as FilePart, objects as JSON text, everything else as text). */
export function formOf(
  values: Record<string, string | number | boolean | object | FilePart>,
  who?: Customer,
) {
  const parts: [string, string | FilePart][] = Object.entries(values).map(([name, value]) => {
    if (value && typeof value === 'object' && 'data' in value && Buffer.isBuffer(value.data)) {
      return [name, value as FilePart];
    }
    return [name, typeof value === 'object' ? JSON.stringify(value) : String(value)];
  });
  return multipartParts(parts, who);
}

export async function botOf(t: TestApp, who: Customer): Promise<number> {
  return (await createBot(t, who)).id as number;
}

/** Creates a flow template of the bot through the real route. */
export async function templateOf(t: TestApp, who: Customer, botId: number, name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/flow_template?bot_id=${botId}`,
    headers: who.headers,
    payload: { flow_name: name },
  });
  if (res.statusCode !== 200) throw new Error(`template failed: ${res.body}`);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON call. */
export function call(t: TestApp, who: Customer | undefined, method: Method, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A form call. */
export function send(t: TestApp, method: Method, url: string, body: ReturnType<typeof multipartParts>) {
  return t.app.inject({ method, url, payload: body.payload, headers: body.headers });
}

/** What the server serves at an (absolute) upload URL. */
export function download(t: TestApp, url: string) {
  return t.app.inject({ method: 'GET', url: new URL(url).pathname });
}

export function listContent(t: TestApp, who: Customer, botId: number) {
  return call(t, who, 'GET', `/api/content/${botId}`);
}

/** The stored row, straight from the database. */
export function storedContent(t: TestApp, botId: number, id: string) {
  return t.app.db
    .selectFrom('contents')
    .selectAll()
    .where('bot_id', '=', botId)
    .where('id', '=', id)
    .executeTakeFirst();
}
