import { clearAccessToken, getAccessToken } from './storage';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly key?: string,
  ) {
    super(message);
  }
}

type Body = FormData | Record<string, unknown> | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** FormData goes as multipart (as the spec's calls do); a plain object goes as JSON. */
  body?: Body;
  /** Send the bearer token (default true). */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Builds FormData from plain values: arrays comma-joined, objects as JSON text (spec 1 §7). */
export function toFormData(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.append(name, value);
    // Several files go as several parts of the same name (a carousel's images).
    else if (Array.isArray(value) && value.length > 0 && value.every((item) => item instanceof Blob))
      value.forEach((item: Blob) => form.append(name, item));
    else if (Array.isArray(value)) form.append(name, value.join(','));
    else if (value !== null && typeof value === 'object') form.append(name, JSON.stringify(value));
    else form.append(name, String(value));
  }
  return form;
}

/**
 * Calls the BotFlow server and answers the status and the parsed JSON (null when the answer is
 * not JSON). A 401 means the token is no longer valid: it is dropped so the app falls back to the
 * login screen.
 */
export async function request(
  path: string,
  options: RequestOptions = {},
): Promise<{ status: number; data: unknown }> {
  const { method = 'GET', body, auth = true, signal } = options;
  const headers: Record<string, string> = { ...options.headers };
  const token = getAccessToken();
  if (auth && token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(path, { method, headers, body: payload, signal });
  if (response.status === 401 && auth) clearAccessToken();
  const data: unknown = await response.json().catch(() => null);
  if (data === null)
    throw new ApiError(`The server answered ${response.status} without a readable body.`, response.status);
  return { status: response.status, data };
}
