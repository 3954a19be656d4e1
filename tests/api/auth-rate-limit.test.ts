import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from './helpers.js';
import { bearer, PROVIDER, signUp, userInfo } from './auth-support.js';

const TOO_MANY = { success: false, message: 'Too many requests, please try again in a minute.' };

describe('rate limits on the account calls', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimit: 3 });
    // The sign-up uses one of the three sign-up calls of this address.
    token = await signUp(t);
  });
  afterAll(() => t.close());

  const calls: Record<string, () => Promise<{ statusCode: number; json(): unknown }>> = {
    login: () =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        ...multipart({
          email: 'ada@example.com',
          password: 'wrong-password',
          mre_call_provider_id: PROVIDER,
        }),
      }),
    signup: () => t.app.inject({ method: 'POST', url: '/api/signup', ...multipart({ email: 'x' }) }),
    'confirm-email': () =>
      t.app.inject({
        method: 'POST',
        url: '/api/confirm-email',
        headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'code=000000',
      }),
    'resend-code': () => t.app.inject({ method: 'GET', url: '/api/resend-code', headers: bearer(token) }),
    'request-password': () =>
      t.app.inject({
        method: 'POST',
        url: '/api/request-password',
        ...multipart({ email: 'ada@example.com' }),
      }),
    'verify-user': () => t.app.inject({ method: 'POST', url: '/api/verify-user/1/guess' }),
    'reset-password': () =>
      t.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        ...multipart({ token: 'guess', user_id: '1', password: 'long-enough' }),
      }),
  };

  it.each(Object.keys(calls))('answers 429 to the 4th %s call within a minute', async (name) => {
    const allowed = name === 'signup' ? 2 : 3;
    for (let i = 0; i < allowed; i++) expect((await calls[name]()).statusCode).not.toBe(429);
    const res = await calls[name]();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(TOO_MANY);
  });

  it('counts per address', async () => {
    expect((await calls['verify-user']()).statusCode).toBe(429);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/verify-user/1/guess',
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(400);
  });

  it('leaves the other calls alone', async () => {
    for (let i = 0; i < 5; i++) expect((await userInfo(t, token)).statusCode).toBe(200);
    const providers = await t.app.inject({ method: 'GET', url: '/api/providers' });
    expect(providers.statusCode).toBe(200);
  });
});
