// The auth rate limit counted in Redis (REDIS_URL set): two server instances, each on a database
// of its own so only Redis can carry the count, spend one budget per address. Needs a Redis at
// TEST_REDIS_URL (default the local one); each run uses keys of its own, removed afterwards, so
// parallel runs never share a budget.
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from './helpers.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 4;
const prefix = `botflow-test:${crypto.randomBytes(6).toString('hex')}:`;

let a: TestApp;
let b: TestApp;
let redis: Redis;

/** This run's keys in Redis. */
async function ownKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    keys.push(...found);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

beforeAll(async () => {
  redis = new Redis(REDIS_URL);
  const overrides = { redisUrl: REDIS_URL, redisKeyPrefix: prefix, authRateLimit: LIMIT };
  [a, b] = await Promise.all([createTestApp(overrides), createTestApp(overrides)]);
});

afterAll(async () => {
  for (const instance of [a, b]) await instance?.close();
  const keys = await ownKeys();
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe('the auth rate limit in Redis', () => {
  /** One call from `address`, to instance A on odd calls and B on even ones. */
  const alternating = (send: (t: TestApp) => Promise<{ statusCode: number }>) => {
    let n = 0;
    return async () => (await send([a, b][n++ % 2]!)).statusCode;
  };

  it('spends one budget per address across two instances that share no database', async () => {
    const guess = alternating((t) =>
      t.app.inject({ method: 'POST', url: '/api/verify-user/1/guess', remoteAddress: '198.51.100.1' }),
    );
    const statuses = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push(await guess());
    // Each instance saw three calls: counted apart, neither would have refused one.
    expect(statuses.slice(0, LIMIT)).not.toContain(429);
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);

    // Another address has a budget of its own, on both instances.
    for (const instance of [a, b]) {
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
    for (let i = 0; i < LIMIT; i++) expect(await login()).not.toBe(429);
    const refused = await b.app.inject({
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

  it('keeps its counters in Redis under the prefix, each expiring with its window', async () => {
    const keys = await ownKeys();
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
    // Nothing was counted in the databases.
    for (const instance of [a, b]) {
      expect(await instance.app.db.selectFrom('rate_limit_counters').selectAll().execute()).toEqual([]);
    }
  });
});
