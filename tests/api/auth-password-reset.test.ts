import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from './helpers.js';
import { latestResetLink, logIn, mailsTo, signUp, userInfo } from './auth-support.js';
import { digest } from '../../server/repos/secrets.js';

const SENT = 'If an account exists for this email, a reset link has been sent.';
const INVALID = { success: false, message: 'This reset link is invalid or has expired.' };

describe('password reset: request-password, verify-user, reset-password', () => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A fresh account with a reset link just mailed to it. */
  async function userWithLink() {
    const email = `reset${++seq}@example.com`;
    const accessToken = await signUp(t, { email, username: `reset${seq}`, password: 'old-password' });
    await requestReset(email);
    return { email, accessToken, ...latestResetLink(t, email) };
  }

  const requestReset = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/request-password', ...multipart({ email }) });
  const verify = (userId: string, token: string) =>
    t.app.inject({ method: 'POST', url: `/api/verify-user/${userId}/${token}` });
  const reset = (fields: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/reset-password', ...multipart(fields) });

  it('mails a single-use link to an existing account, storing only its digest', async () => {
    const user = await userWithLink();
    const [, mail] = mailsTo(t, user.email);
    expect(mail).toMatch(/^Subject: Reset your BotFlow password$/m);
    const row = await t.app.db
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', digest(user.token))
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(Number(user.userId));
    expect(row.used_at).toBeNull();
    expect(row.expires_at - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(row.expires_at - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('answers the same for an unknown e-mail and mails nothing', async () => {
    const before = mailsTo(t, 'ghost@example.com').length;
    const res = await requestReset('ghost@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SENT });
    expect(mailsTo(t, 'ghost@example.com').length).toBe(before);
  });

  it('refuses a malformed or missing e-mail with key email', async () => {
    const res = await requestReset('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, key: 'email' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/request-password' });
    expect(missing.json()).toEqual({ success: false, message: 'email is required', key: 'email' });
  });

  it('verifies a valid link, and only for the user it was sent to', async () => {
    const user = await userWithLink();
    const other = await userWithLink();
    const res = await verify(user.userId, user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: expect.any(String) });
    for (const [userId, token] of [
      [other.userId, user.token],
      [user.userId, other.token.slice(1)],
      ['abc', user.token],
      ['0', user.token],
      ['99999999999999', user.token],
      ['-1', user.token],
    ]) {
      const bad = await verify(userId, token);
      expect(bad.statusCode, `${userId}/${token}`).toBe(400);
      expect(bad.json()).toEqual(INVALID);
    }
  });

  it('refuses an expired link', async () => {
    const user = await userWithLink();
    await t.app.db
      .updateTable('password_resets')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', digest(user.token))
      .execute();
    expect((await verify(user.userId, user.token)).json()).toEqual(INVALID);
    const res = await reset({ token: user.token, user_id: user.userId, password: 'new-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID);
    expect((await logIn(t, user.email, 'old-password')).statusCode).toBe(200);
  });

  it('resets the password once, signs the user out everywhere and retires the link', async () => {
    const user = await userWithLink();
    const res = await reset({ token: user.token, user_id: user.userId, password: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your password has been reset.' });

    expect((await userInfo(t, user.accessToken)).statusCode).toBe(401);
    expect((await logIn(t, user.email, 'old-password')).statusCode).toBe(401);
    expect((await logIn(t, user.email, 'brand-new-pass')).statusCode).toBe(200);

    expect((await verify(user.userId, user.token)).json()).toEqual(INVALID);
    const again = await reset({ token: user.token, user_id: user.userId, password: 'another-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
    expect((await logIn(t, user.email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('retires older links of the user once one of them is used', async () => {
    const user = await userWithLink();
    await requestReset(user.email);
    const newer = latestResetLink(t, user.email);
    expect(newer.token).not.toBe(user.token);
    expect((await verify(user.userId, user.token)).statusCode).toBe(200);
    await reset({ token: newer.token, user_id: newer.userId, password: 'brand-new-pass' });
    expect((await verify(user.userId, user.token)).json()).toEqual(INVALID);
  });

  it('lets only one of two racing resets with the same link win', async () => {
    const user = await userWithLink();
    const results = await Promise.all(
      ['first-new-pass', 'second-new-pass'].map((password) =>
        reset({ token: user.token, user_id: user.userId, password }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a short password with key password and keeps the link usable', async () => {
    const user = await userWithLink();
    const res = await reset({ token: user.token, user_id: user.userId, password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, key: 'password' });
    expect((await verify(user.userId, user.token)).statusCode).toBe(200);
  });

  it('answers bad input with a 400, never a 500', async () => {
    const user = await userWithLink();
    const cases: unknown[] = [
      undefined,
      { user_id: user.userId, password: 'long-enough' },
      { token: user.token, password: 'long-enough' },
      { token: user.token, user_id: user.userId },
      { token: 42, user_id: user.userId, password: 'long-enough' },
      { token: user.token, user_id: { id: 1 }, password: 'long-enough' },
      { token: user.token, user_id: 1.5, password: 'long-enough' },
      { token: user.token, user_id: '1e3', password: 'long-enough' },
      { token: 'x'.repeat(600), user_id: user.userId, password: 'long-enough' },
      { token: 'a\u0000b', user_id: user.userId, password: 'long-enough' },
    ];
    for (const payload of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const nul = await verify(user.userId, 'a%00b');
    expect(nul.statusCode).toBe(400);
    const numeric = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token: user.token, user_id: Number(user.userId), password: 'json-new-pass' },
    });
    expect(numeric.statusCode).toBe(200);
  });
});
