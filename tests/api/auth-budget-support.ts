// The auth rate limit's shared-budget checks, run against two server instances however they share
// the count: one database (shared-state.test.ts) or one Redis (rate-limit-redis.test.ts).
import { expect, it } from 'vitest';
import { multipart, type TestApp } from './helpers.js';

/**
 * Declares the tests that two instances spend one budget of `limit` calls per address.
 * `instances` is read when the tests run (the instances are made in a beforeAll).
 */
export function itSpendsOneBudget(instances: () => [TestApp, TestApp], limit: number, title: string): void {
  /** One call, to instance A on odd calls and B on even ones. */
  const alternating = (send: (t: TestApp) => Promise<{ statusCode: number }>) => {
    let n = 0;
    return async () => (await send(instances()[n++ % 2]!)).statusCode;
  };

  it(title, async () => {
    const guess = alternating((t) =>
      t.app.inject({ method: 'POST', url: '/api/verify-user/1/guess', remoteAddress: '198.51.100.1' }),
    );
    const statuses = [];
    for (let i = 0; i < limit + 2; i++) statuses.push(await guess());
    // Each instance saw at most half the calls: counted apart, neither would have refused one.
    expect(statuses.slice(0, limit)).not.toContain(429);
    expect(statuses.slice(limit)).toEqual([429, 429]);

    // Another address has a budget of its own, on both instances.
    for (const instance of instances()) {
      const res = await instance.app.inject({
        method: 'POST',
        url: '/api/verify-user/1/guess',
        remoteAddress: '198.51.100.2',
      });
      expect(res.statusCode).not.toBe(429);
    }
  });

  it('refuses a multipart call (login) with 429 and the product message', async () => {
    const login = alternating((t) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '198.51.100.3',
        ...multipart({ email: 'ada@example.com', password: 'wrong-password' }),
      }),
    );
    for (let i = 0; i < limit; i++) expect(await login()).not.toBe(429);
    const refused = await instances()[1].app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '198.51.100.3',
      ...multipart({ email: 'ada@example.com', password: 'wrong-password' }),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      message: 'Too many requests, please try again in a minute.',
    });
  });
}
