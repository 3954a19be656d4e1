// Access tokens expire TOKEN_TTL_DAYS after their last use, and a customer can sign out on every
// device at once (issue 14 item 8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { customer } from '../fixtures/bot-api.js';
import { digest } from '../../server/repos/secrets.js';
import { issueAccessToken, TOKEN_TOUCH_MS } from '../../server/repos/tokens.js';

const DAY = 24 * 60 * 60_000;

describe('access token expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ tokenTtlDays: 30 });
  });
  afterAll(() => t.close());

  const userInfo = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/user-info', headers: { authorization: `Bearer ${token}` } });
  const lastUsed = async (token: string) =>
    (
      await t.app.db
        .selectFrom('access_tokens')
        .select('last_used_at')
        .where('token_hash', '=', digest(token))
        .executeTakeFirstOrThrow()
    ).last_used_at;
  const setLastUsed = (token: string, at: number) =>
    t.app.db
      .updateTable('access_tokens')
      .set({ last_used_at: at })
      .where('token_hash', '=', digest(token))
      .execute();

  it('refuses a token unused for longer than the time to live', async () => {
    const owner = await customer(t);
    expect((await userInfo(owner.token)).statusCode).toBe(200);
    await setLastUsed(owner.token, Date.now() - 31 * DAY);
    const res = await userInfo(owner.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'You need to log in again.' });
  });

  it('slides: a token used within the time to live is good for another full period', async () => {
    const owner = await customer(t);
    const before = Date.now() - 29 * DAY;
    await setLastUsed(owner.token, before);
    expect((await userInfo(owner.token)).statusCode).toBe(200);
    expect(await lastUsed(owner.token)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('writes the last use at most once per touch interval', async () => {
    const owner = await customer(t);
    const recent = Date.now() - TOKEN_TOUCH_MS / 2;
    await setLastUsed(owner.token, recent);
    expect((await userInfo(owner.token)).statusCode).toBe(200);
    expect(await lastUsed(owner.token)).toBe(recent);
  });

  it('follows TOKEN_TTL_DAYS', async () => {
    const short = await createTestApp({ tokenTtlDays: 1 });
    try {
      const owner = await customer(short);
      await short.app.db
        .updateTable('access_tokens')
        .set({ last_used_at: Date.now() - 2 * DAY })
        .where('token_hash', '=', digest(owner.token))
        .execute();
      const res = await short.app.inject({ method: 'GET', url: '/api/user-info', headers: owner.headers });
      expect(res.statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('signs out everywhere: every token of the customer stops working, others keep theirs', async () => {
    const owner = await customer(t);
    const laptop = await issueAccessToken(t.app.db, owner.id);
    const other = await customer(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout-all', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'You are logged out on every device.' });
    expect((await userInfo(owner.token)).statusCode).toBe(401);
    expect((await userInfo(laptop)).statusCode).toBe(401);
    expect((await userInfo(other.token)).statusCode).toBe(200);
  });

  it('needs a signed-in customer to sign out everywhere', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logout-all' });
    expect(res.statusCode).toBe(401);
  });
});
