import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from './helpers.js';
import { form, latestCode, logIn, mailsTo, newSignup, signUp, userInfo } from './auth-support.js';
import { verifyPassword } from '../../server/repos/secrets.js';

describe('POST /api/signup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (fields: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/signup', ...multipart(fields) });

  it('creates an unverified account, answers a working token and mails a confirmation code', async () => {
    const res = await post(
      newSignup({
        email: 'Linus@Example.com',
        username: 'linus',
        mre_call_provider_name: 'BotFlow Calls',
        mre_call_profile_id: 'profile-7',
        mre_call_endpoint: 'https://calls.example.com',
      }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: expect.any(String),
      access_token: expect.any(String),
    });

    const info = (await userInfo(t, body.access_token)).json().user_info;
    expect(info).toMatchObject({ email: 'linus@example.com', username: 'linus', is_email_verified: 0 });

    const row = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', info.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain('analytical-engine');
    expect(await verifyPassword('analytical-engine', row.password_hash)).toBe(true);
    expect(row).toMatchObject({
      mre_call_profile_id: 'profile-7',
      mre_call_endpoint: 'https://calls.example.com',
    });

    const [mail] = mailsTo(t, 'linus@example.com');
    expect(mail).toMatch(/^Subject: Your BotFlow confirmation code$/m);
    const code = latestCode(t, 'linus@example.com');
    const stored = await t.app.db
      .selectFrom('email_codes')
      .selectAll()
      .where('user_id', '=', info.id)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    const ttl = stored.expires_at - stored.created_at;
    expect(ttl).toBe(15 * 60 * 1000);
  });

  it('also takes a urlencoded form and lets the new user log in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      ...form(newSignup({ email: 'ken@example.com', username: 'ken', password: 'unix-epoch-1970' })),
    });
    expect(res.statusCode).toBe(200);
    expect((await logIn(t, 'ken@example.com', 'unix-epoch-1970')).statusCode).toBe(200);
  });

  it.each(['first_name', 'last_name', 'email', 'username', 'password'])(
    'requires %s, missing or blank',
    async (field) => {
      const missing: Record<string, string> = newSignup({ email: 'x@example.com', username: 'x' });
      delete missing[field];
      const blank = newSignup({ email: 'x@example.com', username: 'x', [field]: '   ' });
      for (const fields of [missing, blank]) {
        const res = await post(fields);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ success: false, key: field });
      }
      expect((await post(missing)).json().message).toBe(`${field} is required`);
    },
  );

  it('refuses a malformed e-mail with key email', async () => {
    for (const email of ['no-at-sign', 'a@b@c', 'spaces in@example.com', 'ü@example.com']) {
      const res = await post(newSignup({ email, username: 'mal' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'Please enter a valid email address',
        key: 'email',
      });
    }
  });

  it('refuses a password shorter than 8 characters with key password', async () => {
    const res = await post(newSignup({ email: 'short@example.com', username: 'short', password: 'seven77' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Password must be at least 8 characters',
      key: 'password',
    });
    expect(
      (await post(newSignup({ email: 'short@example.com', username: 'short', password: 'eight888' })))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a taken e-mail or username whatever their case, with 409 and the key', async () => {
    await signUp(t, { email: 'margaret@example.com', username: 'Margaret' });
    const email = await post(newSignup({ email: 'MARGARET@example.com', username: 'someone-else' }));
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({ success: false, key: 'email' });
    const username = await post(newSignup({ email: 'other@example.com', username: 'mARGARET' }));
    expect(username.statusCode).toBe(409);
    expect(username.json()).toMatchObject({ success: false, key: 'username' });
    const count = await t.app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('username', 'in', ['someone-else', 'mARGARET'])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('keeps racing sign-ups with one username (in any case) to one account', async () => {
    // All three pass the check before any inserts; the case-insensitive unique index decides.
    const results = await Promise.all(
      ['racer', 'RACER', 'Racer'].map((username, i) =>
        post(newSignup({ email: `race${i}@example.com`, username })),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json().key).toBe('username');
  });

  it('refuses an unknown provider', async () => {
    const res = await post(
      newSignup({ email: 'p@example.com', username: 'p', mre_call_provider_id: 'nope' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Please select a valid service provider.' });
  });

  it('answers bad input with a 400, never a 500', async () => {
    const cases = [
      { payload: undefined },
      { payload: { ...newSignup({ email: 'j@example.com', username: 'j' }), first_name: 7 } },
      { payload: { ...newSignup({ email: 'j@example.com', username: 'j' }), password: ['a', 'b'] } },
      { payload: newSignup({ email: 'j@example.com', username: 'j\u0000' }) },
      { payload: newSignup({ email: 'j@example.com', username: 'j'.repeat(101) }) },
      { payload: newSignup({ email: `${'j'.repeat(250)}@example.com`, username: 'j' }) },
      { payload: newSignup({ email: 'j@example.com', username: 'j', password: 'p'.repeat(129) }) },
      { payload: newSignup({ email: 'j@example.com', username: 'j', mre_call_profile_id: 'x'.repeat(65) }) },
      {
        ...multipart({
          ...newSignup({ email: 'j@example.com', username: 'j' }),
          first_name: { filename: 'a.png', type: 'image/png', data: Buffer.from([1, 2, 3]) },
        }),
      },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/signup', ...c });
      expect(res.statusCode, JSON.stringify(c.payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
    const stored = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'j@example.com')
      .execute();
    expect(stored).toEqual([]);
  });
});
