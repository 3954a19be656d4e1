import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from './helpers.js';
import { bearer, latestCode, mailsTo, signUp, userInfo } from './auth-support.js';

const INVALID = 'Invalid confirmation code';
const EXPIRED = 'The confirmation code has expired. Please request a new one.';

describe('POST /api/confirm-email and GET /api/resend-code', () => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A fresh unverified account: its e-mail, token and id. */
  async function newUser() {
    const email = `user${++seq}@example.com`;
    const token = await signUp(t, { email, username: `user${seq}` });
    const id: number = (await userInfo(t, token)).json().user_info.id;
    return { email, token, id };
  }

  const confirm = (token: string, code: string) => {
    const body = multipart({ code });
    return t.app.inject({
      method: 'POST',
      url: '/api/confirm-email',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
  };
  const resend = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/resend-code', headers: bearer(token) });
  const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

  it('confirms the e-mail with the mailed code and deletes the code', async () => {
    const user = await newUser();
    const res = await confirm(user.token, latestCode(t, user.email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: expect.any(String) });
    expect((await userInfo(t, user.token)).json().user_info.is_email_verified).toBe(1);
    const left = await t.app.db
      .selectFrom('email_codes')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses a wrong code and counts the attempt', async () => {
    const user = await newUser();
    const res = await confirm(user.token, wrongCode(latestCode(t, user.email)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: INVALID });
    const row = await t.app.db
      .selectFrom('email_codes')
      .select('attempts')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
    expect((await userInfo(t, user.token)).json().user_info.is_email_verified).toBe(0);
  });

  it('kills the code after 5 wrong attempts, even for the right code', async () => {
    const user = await newUser();
    const code = latestCode(t, user.email);
    for (let i = 0; i < 5; i++) {
      expect((await confirm(user.token, wrongCode(code))).json().message).toBe(INVALID);
    }
    const res = await confirm(user.token, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/request a new code/);
    expect((await userInfo(t, user.token)).json().user_info.is_email_verified).toBe(0);
  });

  it('accepts the right code after 4 wrong ones', async () => {
    const user = await newUser();
    const code = latestCode(t, user.email);
    for (let i = 0; i < 4; i++) await confirm(user.token, wrongCode(code));
    expect((await confirm(user.token, code)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const user = await newUser();
    await t.app.db
      .updateTable('email_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', user.id)
      .execute();
    const res = await confirm(user.token, latestCode(t, user.email));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: EXPIRED });
  });

  it('resends a new code that replaces the old one and revives a dead code', async () => {
    const user = await newUser();
    const first = latestCode(t, user.email);
    for (let i = 0; i < 5; i++) await confirm(user.token, wrongCode(first));
    const res = await resend(user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: expect.any(String) });
    expect(mailsTo(t, user.email)).toHaveLength(2);
    const second = latestCode(t, user.email);
    if (second !== first) expect((await confirm(user.token, first)).json().message).toBe(INVALID);
    expect((await confirm(user.token, second)).statusCode).toBe(200);
  });

  it('refuses resend and confirm once the e-mail is confirmed', async () => {
    const user = await newUser();
    await confirm(user.token, latestCode(t, user.email));
    const again = await resend(user.token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, message: 'Your email is already confirmed.' });
    expect(mailsTo(t, user.email)).toHaveLength(1);
    expect((await confirm(user.token, '123456')).statusCode).toBe(400);
  });

  it("never confirms with another user's code", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const res = await confirm(bob.token, latestCode(t, alice.email));
    if (latestCode(t, alice.email) !== latestCode(t, bob.email)) {
      expect(res.json()).toEqual({ success: false, message: INVALID });
    }
    expect((await userInfo(t, alice.token)).json().user_info.is_email_verified).toBe(0);
  });

  it('needs a valid bearer token', async () => {
    for (const headers of [{}, bearer('forged')]) {
      const c = await t.app.inject({
        method: 'POST',
        url: '/api/confirm-email',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'code=123456',
      });
      const r = await t.app.inject({ method: 'GET', url: '/api/resend-code', headers });
      expect([c.statusCode, r.statusCode]).toEqual([401, 401]);
    }
  });

  it('answers bad input with a 400, never a 500', async () => {
    const user = await newUser();
    const cases = [
      { payload: undefined },
      { payload: { code: 123456 } },
      { payload: { code: '   ' } },
      { payload: { code: '1'.repeat(33) } },
      { payload: { code: '12\u00003456' } },
      { ...multipart({ code: { filename: 'c.txt', type: 'text/plain', data: Buffer.from('1') } }) },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/confirm-email',
        ...c,
        headers: { ...bearer(user.token), ...('headers' in c ? c.headers : {}) },
      });
      expect(res.statusCode, JSON.stringify(c.payload)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const missing = await confirm(user.token, '');
    expect(missing.json()).toEqual({ success: false, message: 'code is required', key: 'code' });
  });
});
