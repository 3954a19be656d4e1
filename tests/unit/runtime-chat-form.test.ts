// The chat call's own multipart parser (server/channels/web/chat-form.ts) reads what browsers send
// exactly as @fastify/multipart did, and refuses what it refused — with a 4xx, never a 500.
import { describe, expect, it } from 'vitest';
import {
  boundaryOf,
  formLimits,
  parseMultipartForm,
  type FormError,
} from '../../server/channels/web/chat-form.js';

const B = 'XyZ';
const part = (name: string, value: string, extra = '') =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${value}\r\n`;
const body = (...parts: string[]) => Buffer.from(`${parts.join('')}--${B}--\r\n`);

/** What the browser's FormData sends (the widget's encoding), parsed. */
async function viaFormData(form: FormData) {
  const encoded = new Response(form);
  const boundary = boundaryOf(encoded.headers.get('content-type')!)!;
  return parseMultipartForm(Buffer.from(await encoded.arrayBuffer()), boundary);
}

function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    return { status: (error as FormError).statusCode, message: (error as Error).message };
  }
  throw new Error('not refused');
}

describe('chat form parser', () => {
  it('reads the fields the widget sends, in UTF-8, as text', async () => {
    const form = new FormData();
    form.append('message', 'Où est ma commande ✓ 日本\r\n--not a boundary');
    form.append('guest_id', 'a1b2');
    form.append('ignore_saving', '');
    expect(await viaFormData(form)).toEqual({
      message: 'Où est ma commande ✓ 日本\r\n--not a boundary',
      guest_id: 'a1b2',
      ignore_saving: '',
    });
  });

  it('reads a file as name, type and the exact bytes', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x0d, 0x0a, 0x2d, 0x2d, 0x00, 0xff]);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'photo 1.png');
    form.append('message', 'hi');
    const fields = await viaFormData(form);
    expect(fields.message).toBe('hi');
    expect(fields.file).toEqual({ filename: 'photo 1.png', mimetype: 'image/png', data: bytes });
  });

  it('keeps only the last segment of a file path, as busboy does', () => {
    const parsed = parseMultipartForm(body(part('file', 'x', '; filename="C:\\Users\\me\\cv.pdf"')), B) as {
      file: { filename: string; mimetype: string };
    };
    expect(parsed.file.filename).toBe('cv.pdf');
    expect(parsed.file.mimetype).toBe('text/plain');
  });

  it('lists repeated names, skips a preamble and parts that are not form fields', () => {
    const raw = Buffer.concat([
      Buffer.from('a preamble\r\n'),
      body(
        part('a', '1'),
        `--${B}\r\nContent-Type: text/plain\r\n\r\nlost\r\n`,
        part('a', '2'),
        part('a', '3'),
      ),
    ]);
    expect(parseMultipartForm(raw, B)).toEqual({ a: ['1', '2', '3'] });
  });

  it('decodes a part in the charset it declares and parses JSON parts', () => {
    const latin = Buffer.concat([
      Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="m"\r\n`),
      Buffer.from('Content-Type: text/plain; charset=iso-8859-1\r\n\r\n'),
      Buffer.from([0xe9]),
      Buffer.from(`\r\n`),
      body(part('j', '{"a":[1,2]}', '\r\nContent-Type: application/json')),
    ]);
    expect(parseMultipartForm(latin, B)).toEqual({ m: 'é', j: { a: [1, 2] } });
  });

  it('answers an empty body with an empty form', () => {
    expect(parseMultipartForm(Buffer.alloc(0), B)).toEqual({});
  });

  it('refuses what @fastify/multipart refused, with the same status and wording', () => {
    const tight = { ...formLimits(), fields: 2, files: 1 };
    expect(
      refusal(() => parseMultipartForm(body(part('a', '1'), part('b', '2'), part('c', '3')), B, tight)),
    ).toEqual({
      status: 413,
      message: 'reach fields limit',
    });
    const files = body(part('f', 'x', '; filename="a"'), part('g', 'y', '; filename="b"'));
    expect(refusal(() => parseMultipartForm(files, B, tight))).toEqual({
      status: 413,
      message: 'reach files limit',
    });
    expect(refusal(() => parseMultipartForm(body(part('__proto__', 'x')), B)).status).toBe(400);
    expect(
      refusal(() => parseMultipartForm(body(part('j', '{nope', '\r\nContent-Type: application/json')), B))
        .status,
    ).toBe(406);
  });

  it('answers a malformed body with 400', () => {
    for (const raw of [
      `--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end`,
      'not multipart at all',
    ]) {
      expect(refusal(() => parseMultipartForm(Buffer.from(raw), B))).toEqual({
        status: 400,
        message: 'The multipart body is malformed',
      });
    }
  });

  it('reads the boundary quoted or not, and knows when there is none', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc')).toBe('abc');
    expect(boundaryOf('multipart/form-data; charset=utf-8; BOUNDARY="a b:c"')).toBe('a b:c');
    expect(boundaryOf('multipart/form-data')).toBeNull();
  });
});
