import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from './helpers.js';
import { bearer, form, logIn, PROVIDER, signUp, userInfo } from './auth-support.js';

describe('GET /api/providers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the seeded providers without auth, config as stored JSON text and no server-only fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/providers' });
    expect(res.statusCode).toBe(200);
    const providers = res.json();
    const builtIn = providers.find(
      (p: { mre_call_provider_id: string }) => p.mre_call_provider_id === PROVIDER,
    );
    expect(Object.keys(builtIn).sort()).toEqual(
      ['account_id', 'config', 'description', 'icon_url', 'mre_call_provider_id', 'name'].sort(),
    );
    expect(typeof builtIn.config).toBe('string');
    expect(JSON.parse(builtIn.config)).toEqual({ environment: 'local' });
  });
});

describe('POST /api/login and /api/logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await signUp(t, { email: 'grace@example.com', username: 'grace', password: 'cobol-forever' });
  });
  afterAll(() => t.close());

  it('signs an unverified user in with multipart and answers a working token', async () => {
    const res = await logIn(t, 'grace@example.com', 'cobol-forever');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: expect.any(String) });
    const info = await userInfo(t, body.access_token);
    expect(info.json().user_info).toMatchObject({ email: 'grace@example.com', is_email_verified: 0 });
  });

  it('accepts a urlencoded form and e-mail in any case', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      ...form({ email: '  GRACE@Example.com ', password: 'cobol-forever', mre_call_provider_id: PROVIDER }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });

  it('gives one message for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await logIn(t, 'grace@example.com', 'cobol-never!');
    const unknownEmail = await logIn(t, 'nobody@example.com', 'cobol-forever');
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Invalid email or password' });
    }
  });

  it('refuses an unknown or missing provider with 400', async () => {
    const cases: Record<string, string>[] = [
      { email: 'grace@example.com', password: 'cobol-forever', mre_call_provider_id: 'no-such-provider' },
      { email: 'grace@example.com', password: 'cobol-forever' },
    ];
    for (const fields of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', ...multipart(fields) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Please select a valid service provider.' });
    }
  });

  it('answers bad input with a 400, never a 500', async () => {
    const cases = [
      { payload: undefined, headers: {} },
      { ...multipart({ password: 'x', mre_call_provider_id: PROVIDER }) },
      { ...multipart({ email: '   ', password: 'x', mre_call_provider_id: PROVIDER }) },
      { payload: { email: 42, password: true, mre_call_provider_id: PROVIDER } },
      { payload: { email: 'grace@example.com', password: 'x', mre_call_provider_id: 'bad\u0000id' } },
      { payload: { email: 'grace\u0000@example.com', password: 'x', mre_call_provider_id: PROVIDER } },
      { payload: ['not', 'an', 'object'] },
      { payload: '{"email": ', headers: { 'content-type': 'application/json' } },
      {
        ...multipart({
          email: { filename: 'e.txt', type: 'text/plain', data: Buffer.from('x') },
          password: 'x',
          mre_call_provider_id: PROVIDER,
        }),
      },
      {
        ...form({ email: 'a@b.c', password: 'x', mre_call_provider_id: PROVIDER }),
        payload: 'email=a&email=b',
      },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', ...c });
      expect(res.statusCode, JSON.stringify(c.payload)).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('names the missing field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      ...multipart({ password: 'x', mre_call_provider_id: PROVIDER }),
    });
    expect(res.json()).toEqual({ success: false, message: 'email is required', key: 'email' });
  });

  it('revokes only the token that logs out', async () => {
    const first = (await logIn(t, 'grace@example.com', 'cobol-forever')).json().access_token;
    const second = (await logIn(t, 'grace@example.com', 'cobol-forever')).json().access_token;
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: expect.any(String) });
    expect((await userInfo(t, first)).statusCode).toBe(401);
    expect((await userInfo(t, second)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first) });
    expect(again.statusCode).toBe(401);
  });

  it('refuses logout without a valid bearer token', async () => {
    for (const headers of [{}, bearer('made-up-token'), { authorization: 'Basic Z3JhY2U6eA==' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().success).toBe(false);
    }
  });
});
