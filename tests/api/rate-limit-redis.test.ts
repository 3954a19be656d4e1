// The auth rate limit counted in Redis (REDIS_URL set): two server instances, each on a database
// of its own so only Redis can carry the count, spend one budget per address. Needs a Redis at
// TEST_REDIS_URL (default the local one); each run uses keys of its own, removed afterwards, so
// parallel runs never share a budget.
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itSpendsOneBudget } from './auth-budget-support.js';
import { createTestApp, type TestApp } from './helpers.js';

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
  itSpendsOneBudget(
    () => [a, b],
    LIMIT,
    'spends one budget per address across two instances that share no database',
  );

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
