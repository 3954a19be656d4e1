import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { bearer, latestCode, signUp, userInfo } from './auth-support.js';
import { acronymOf } from '../../server/routes/auth/user-info.js';

describe('GET /api/user-info', () => {
  let t: TestApp;
  let ada: string;
  let alan: string;
  beforeAll(async () => {
    t = await createTestApp();
    ada = await signUp(t, {
      first_name: 'ada',
      last_name: 'lovelace',
      email: 'ada@example.com',
      username: 'ada',
    });
    alan = await signUp(t, {
      first_name: 'Alan',
      last_name: 'Turing',
      email: 'alan@example.com',
      username: 'alan',
    });
  });
  afterAll(() => t.close());

  it("answers the signed-in user's own account, languages and preset avatars", async () => {
    const res = await userInfo(t, ada);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.user_info).toEqual({
      id: expect.any(Number),
      customer_id: body.user_info.id,
      username: 'ada',
      first_name: 'ada',
      last_name: 'lovelace',
      email: 'ada@example.com',
      acronym: 'AL',
      is_email_verified: 0,
      is_deleted: 0,
    });
    expect(body.languages[1]).toEqual({ id: 2, name: 'english', code: 'en', is_rtl: 0 });
    expect(body.languages.map((l: { id: number }) => l.id)).toEqual([1, 2, 3, 4, 5]);
    expect(body.default_avatars.length).toBeGreaterThanOrEqual(4);
    for (const url of body.default_avatars) {
      expect(url).toMatch(/^http:\/\/botflow\.test\/avatars\/avatar-\d+\.svg$/);
      // The address must point at a file the app actually ships.
      const file = path.join('public', new URL(url).pathname);
      expect(fs.readFileSync(file, 'utf8')).toMatch(/^<svg /);
    }
  });

  it("never answers another user's data for a token", async () => {
    const a = (await userInfo(t, ada)).json().user_info;
    const b = (await userInfo(t, alan)).json().user_info;
    expect(a.email).toBe('ada@example.com');
    expect(b).toMatchObject({ email: 'alan@example.com', username: 'alan', acronym: 'AT' });
    expect(b.id).not.toBe(a.id);
    expect(b.customer_id).toBe(b.id);
  });

  it('reflects a confirmed e-mail', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/confirm-email',
      headers: { ...bearer(alan), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `code=${latestCode(t, 'alan@example.com')}`,
    });
    expect((await userInfo(t, alan)).json().user_info.is_email_verified).toBe(1);
    expect((await userInfo(t, ada)).json().user_info.is_email_verified).toBe(0);
  });

  it('never leaks the password hash', async () => {
    expect((await userInfo(t, ada)).body).not.toMatch(/scrypt|password/);
  });

  it('refuses a missing, malformed or unknown bearer token with 401', async () => {
    for (const headers of [{}, { authorization: 'Bearer' }, { authorization: ada }, bearer(`${ada}x`)]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user-info', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('acronymOf', () => {
  it('takes the first letter of first and last name, upper-case', () => {
    expect(acronymOf({ first_name: ' émile ', last_name: 'zola' })).toBe('ÉZ');
    expect(acronymOf({ first_name: 'Cher', last_name: '' })).toBe('C');
  });
});
