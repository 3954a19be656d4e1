// The outbound request an api node describes (spec 2 §3 "Api node"): method, URL, query
// parameters, headers and a JSON or form-data body, every text with `${{name}}` filled in.
import type { ApiNode } from '../../../src/core/flow/index.js';
import type { HttpRequest } from '../ports.js';
import type { GuestFile } from '../replies.js';
import type { Turn } from '../turn.js';
import { fillJsonBody } from './json-body.js';

const filled = (rows: readonly { name: string; value: string }[], turn: Turn) =>
  rows
    .filter((row) => row.name.trim())
    .map((row) => ({ name: turn.fill(row.name.trim()), value: turn.fill(row.value) }));

/** The URL with its scheme (https when the author left it out, as the URL rule allows) and params. */
export function requestUrl(node: ApiNode, turn: Turn): string {
  let url = turn.fill(node.api.url.trim());
  if (!/^[a-z][a-z\d+.-]*:\/\//i.test(url)) url = `https://${url}`;
  const params = filled(node.params, turn);
  if (!params.length) return url;
  const query = new URLSearchParams(params.map((p) => [p.name, p.value])).toString();
  const hash = url.indexOf('#');
  const [base, fragment] = hash === -1 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
}

function isGuestFile(value: unknown): value is GuestFile {
  return !!value && typeof value === 'object' && typeof (value as GuestFile).url === 'string';
}

async function formBody(node: ApiNode, turn: Turn): Promise<FormData> {
  const form = new FormData();
  for (const row of node.api.data) {
    const name = row.name.trim();
    if (!name) continue;
    if (row.type !== 'file') {
      form.append(turn.fill(name), turn.fill(row.value));
      continue;
    }
    // A file row names a file variable (`${{photo}}` or `photo`); its bytes are sent.
    const variable = row.value.replace(/^\s*\$\{\{\s*|\s*\}\}\s*$/g, '').trim();
    const file = turn.scope()[variable];
    const data = isGuestFile(file) ? await turn.ports.files.read(file) : null;
    if (data && isGuestFile(file)) {
      form.append(turn.fill(name), new Blob([new Uint8Array(data)], { type: file.type }), file.name);
    }
  }
  return form;
}

export async function buildRequest(node: ApiNode, turn: Turn): Promise<HttpRequest> {
  const method = node.api.method.toUpperCase() as HttpRequest['method'];
  const headers: Record<string, string> = {};
  for (const header of filled(node.headers, turn)) headers[header.name.toLowerCase()] = header.value;
  const request: HttpRequest = { method, url: requestUrl(node, turn), headers };
  if (method === 'GET') return request;
  if (node.api.bodyType === 'form-data') {
    request.body = { kind: 'form', form: await formBody(node, turn) };
  } else if (node.body.trim()) {
    request.body = { kind: 'json', text: fillJsonBody(node.body, turn.scope()) };
  }
  return request;
}
