// Shared steps of the account API tests (tests/api/auth-*.test.ts).
import type { TestApp } from './helpers.js';
import { multipart, readOutbox } from './helpers.js';
import { DEFAULT_PROVIDER_ID } from '../../src/core/constants.js';

export const PROVIDER = DEFAULT_PROVIDER_ID;

/** A urlencoded form body, as a plain HTML form posts it. */
export function form(fields: Record<string, string>) {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function newSignup(overrides: Record<string, string> = {}) {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    username: 'ada',
    password: 'analytical-engine',
    mre_call_provider_id: PROVIDER,
    ...overrides,
  };
}

/** Signs up through the API (multipart, as the app does) and answers the access token. */
export async function signUp(t: TestApp, overrides: Record<string, string> = {}): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/signup', ...multipart(newSignup(overrides)) });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
  return res.json().access_token;
}

export async function logIn(t: TestApp, email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    ...multipart({ email, password, mre_call_provider_id: PROVIDER }),
  });
}

export async function userInfo(t: TestApp, token: string) {
  return t.app.inject({ method: 'GET', url: '/api/user-info', headers: bearer(token) });
}

/** The mails of the outbox with quoted-printable soft breaks and escapes undone. */
export function mails(t: TestApp): string[] {
  return readOutbox(t.config).map((raw) =>
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

export function mailsTo(t: TestApp, email: string): string[] {
  return mails(t).filter((mail) => new RegExp(`^To: ${email}$`, 'm').test(mail));
}

/** The confirmation code of the newest mail sent to that address. */
export function latestCode(t: TestApp, email: string): string {
  const match = /Your confirmation code is (\d{6})/.exec(mailsTo(t, email).at(-1) ?? '');
  if (!match) throw new Error(`no confirmation code mailed to ${email}`);
  return match[1];
}

/** The user id and token of the newest reset link mailed to that address. */
export function latestResetLink(t: TestApp, email: string) {
  const re = new RegExp(`${t.config.publicUrl}/reset-password/(\\d+)/([A-Za-z0-9_-]+)`);
  const match = re.exec(mailsTo(t, email).at(-1) ?? '');
  if (!match) throw new Error(`no reset link mailed to ${email}`);
  return { userId: match[1], token: match[2] };
}
