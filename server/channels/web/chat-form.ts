// The chat's multipart form (spec 3 §7: POST /api/chat posts multipart), parsed in one pass over
// the buffered body. The chat call is the server's hottest, and its form is two or three short
// fields: @fastify/multipart streams it through busboy (a streaming parser, event emitters, a
// stream per part), which cost about 50 µs a call, half of what a bare Fastify route costs in
// all. Slicing the whole body costs a few. It answers what @fastify/multipart answers the routes
// (attachFieldsToBody 'keyValues', files as UploadedFile): fields as text in the part's charset
// (UTF-8 by default), files by the basename of their filename, repeated names as lists, JSON
// parts parsed, the same limits and the same refusals.
import type { FastifyInstance } from 'fastify';
import { MAX_UPLOAD_BYTES, type UploadedFile } from '../../http/uploads.js';

export type FormValue = unknown;
export type FormFields = Record<string, FormValue>;

/** A refusal of the form, answered as `{ success: false, message }` with this status. */
export class FormError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export interface FormLimits {
  parts: number;
  fields: number;
  files: number;
  /** busboy cuts longer field values at this size; so does this parser. */
  fieldSize: number;
  fileSize: number;
  headerSize: number;
}

/** @fastify/multipart's limits as app.ts sets them (read when parsing: app.ts imports this file). */
export function formLimits(): FormLimits {
  return {
    parts: 1000,
    fields: 200,
    files: 20,
    fieldSize: 1024 * 1024,
    fileSize: MAX_UPLOAD_BYTES,
    headerSize: 16 * 1024,
  };
}

const MALFORMED = 'The multipart body is malformed';

/** The boundary parameter of a multipart content type, quoted or not. */
export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(contentType);
  const boundary = match ? (match[1] ?? match[2]) : '';
  return boundary ? boundary : null;
}

/** `type; key=value; key="quoted"; key*=utf-8''percent-encoded` → the type and its parameters. */
function parseParams(header: string): { type: string; params: Map<string, string> } {
  const params = new Map<string, string>();
  const semicolon = header.indexOf(';');
  const type = (semicolon < 0 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  let i = semicolon < 0 ? header.length : semicolon + 1;
  while (i < header.length) {
    while (header[i] === ' ' || header[i] === '\t' || header[i] === ';') i++;
    const equals = header.indexOf('=', i);
    if (equals < 0) break;
    const key = header.slice(i, equals).trim().toLowerCase();
    let value = '';
    i = equals + 1;
    if (header[i] === '"') {
      for (i++; i < header.length && header[i] !== '"'; i++) {
        // Only \" and \\ are escapes (as busboy reads them): C:\dir\a.png keeps its backslashes.
        if (header[i] === '\\' && (header[i + 1] === '"' || header[i + 1] === '\\')) i++;
        value += header[i];
      }
      const end = header.indexOf(';', i);
      i = end < 0 ? header.length : end;
    } else {
      const end = header.indexOf(';', i);
      value = header.slice(i, end < 0 ? header.length : end).trim();
      i = end < 0 ? header.length : end;
    }
    if (key.endsWith('*')) {
      // RFC 5987: charset'language'percent-encoded; it wins over the plain parameter.
      const [charset, , encoded = ''] = value.split("'");
      const decoded = decodeExtended(charset, encoded);
      if (decoded !== null) params.set(key.slice(0, -1), decoded);
    } else if (!params.has(key)) {
      params.set(key, value);
    }
  }
  return { type, params };
}

function decodeExtended(charset: string, encoded: string): string | null {
  const bytes = Buffer.from(
    encoded.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
  return decodeText(bytes, charset || 'utf-8');
}

function decodeText(bytes: Buffer, charset: string): string {
  if (charset === 'utf-8' || charset === 'utf8') return bytes.toString('utf8');
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/** busboy keeps only the last path segment of a filename ('..' and '.' become ''). */
function basename(path: string): string {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  return name === '..' || name === '.' ? '' : name;
}

/** Part headers by lower-case name (the first of each), folded lines joined. */
function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  let last = '';
  for (const line of block.split('\r\n')) {
    if ((line[0] === ' ' || line[0] === '\t') && last) {
      headers.set(last, `${headers.get(last)} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    if (headers.has(last)) last = '';
    else headers.set(last, line.slice(colon + 1).trim());
  }
  return headers;
}

const hasLineBreak = (text: string) => text.includes('\r') || text.includes('\n');

/** A repeated name makes a list, as @fastify/multipart's keyValues does. */
function addField(fields: FormFields, name: string, value: FormValue): void {
  // As @fastify/multipart: a name of Object.prototype's would overwrite it.
  if (name in Object.prototype) throw new FormError(400, 'prototype property is not allowed as field name');
  const had = fields[name];
  fields[name] =
    had === undefined ? value : Array.isArray(had) ? [...(had as FormValue[]), value] : [had, value];
}

/** The fields and files of a multipart/form-data body. Throws FormError. */
export function parseMultipartForm(body: Buffer, boundary: string, limits = formLimits()): FormFields {
  const fields: FormFields = {};
  // An empty body is an empty form (as @fastify/multipart takes it).
  if (!body.length) return fields;
  const delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  // The first delimiter opens the body, or follows a preamble (which is ignored).
  const opening = delimiter.subarray(2);
  let pos = opening.length;
  if (!body.subarray(0, opening.length).equals(opening)) {
    const first = body.indexOf(delimiter);
    if (first < 0) throw new FormError(400, MALFORMED);
    pos = first + delimiter.length;
  }
  const counts = { parts: 0, fields: 0, files: 0 };
  for (;;) {
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return fields; // '--': the closing delimiter
    while (body[pos] === 0x20 || body[pos] === 0x09) pos++; // transport padding
    if (body[pos] !== 0x0d || body[pos + 1] !== 0x0a) throw new FormError(400, MALFORMED);
    const headerStart = pos + 2;
    const blank = body.indexOf('\r\n\r\n', headerStart - 2, 'latin1');
    if (blank < 0 || blank - headerStart > limits.headerSize) throw new FormError(400, MALFORMED);
    const contentStart = blank + 4;
    const end = body.indexOf(delimiter, contentStart - 2);
    if (end < 0) throw new FormError(400, MALFORMED);
    const content = body.subarray(contentStart, Math.max(contentStart, end));
    pos = end + delimiter.length;
    if (++counts.parts > limits.parts) throw new FormError(413, 'reach parts limit');

    const headers = parseHeaders(body.toString('utf8', headerStart, Math.max(headerStart, blank)));
    const disposition = parseParams(headers.get('content-disposition') ?? '');
    const name = disposition.params.get('name');
    const rawFilename = disposition.params.get('filename');
    // busboy skips parts that are not form-data or whose names hold line breaks.
    if (disposition.type !== 'form-data' || name === undefined || hasLineBreak(name)) continue;
    if (rawFilename !== undefined && hasLineBreak(rawFilename)) continue;
    const type = parseParams(headers.get('content-type') || 'text/plain');
    const mimetype = type.type || 'text/plain';

    if (mimetype === 'application/octet-stream' || rawFilename !== undefined) {
      if (counts.files++ >= limits.files) throw new FormError(413, 'reach files limit');
      if (content.length > limits.fileSize) throw new FormError(413, 'request file too large');
      const file: UploadedFile = {
        // An octet-stream part without a filename is a file without a name, as busboy has it.
        filename: rawFilename === undefined ? (undefined as unknown as string) : basename(rawFilename),
        mimetype,
        data: Buffer.from(content),
      };
      addField(fields, name, file);
      continue;
    }
    if (counts.fields++ >= limits.fields) throw new FormError(413, 'reach fields limit');
    const truncated = content.length > limits.fieldSize;
    const text = decodeText(
      truncated ? content.subarray(0, limits.fieldSize) : content,
      type.params.get('charset')?.toLowerCase() ?? 'utf-8',
    );
    if (mimetype.startsWith('application/json')) {
      addField(fields, name, parseJsonField(text, truncated));
    } else {
      addField(fields, name, text);
    }
  }
}

function parseJsonField(text: string, truncated: boolean): unknown {
  const refusal = new FormError(406, 'a request field is not a valid JSON as declared by its Content-Type');
  if (truncated) throw refusal;
  try {
    return JSON.parse(text, (key, value: unknown) => {
      // As secure-json-parse (used by @fastify/multipart): no prototype pollution.
      const isPrototype =
        key === 'constructor' && !!value && typeof value === 'object' && 'prototype' in value;
      if (key === '__proto__' || isPrototype) throw refusal;
      return value;
    });
  } catch {
    throw refusal;
  }
}

/** Parses multipart bodies of the routes registered in `app`'s scope with this parser. */
export function useChatFormParser(app: FastifyInstance): void {
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    const boundary = boundaryOf(String(request.headers['content-type'] ?? ''));
    if (!boundary) return done(new FormError(400, 'Multipart: Boundary not found'), undefined);
    try {
      done(null, parseMultipartForm(body as Buffer, boundary));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
