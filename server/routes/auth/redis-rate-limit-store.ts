// @fastify/rate-limit's store over Redis, chosen when REDIS_URL is set: every server instance
// on that Redis spends one budget per address, as with the database store, without a write to
// the database per guessed code. A call counts with one script (INCR, then PEXPIRE on the
// window's first call), so two instances counting the same caller at once never lose a hit and a
// counter never outlives its window, even if the instance that started it dies between the two.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { routeScope } from './rate-limit-store.js';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/**
 * KEYS[1] the counter, ARGV[1] the window (ms). Returns { hits, ms left in the window }. A
 * counter with no expiry (left by a crash of Redis itself between two writes) gets one, too.
 */
const COUNT_HIT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if hits == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { hits, ttl }`;

interface CountingRedis extends Redis {
  countHit(key: string, windowMs: number): Promise<[number, number]>;
}

/** `prefix` keeps this deployment's counters apart from whatever else shares the Redis. */
export function redisRateLimitStore(redis: Redis, prefix: string): FastifyRateLimitStoreCtor {
  redis.defineCommand('countHit', { numberOfKeys: 1, lua: COUNT_HIT });
  const counting = redis as CountingRedis;

  class RedisRateLimitStore implements FastifyRateLimitStore {
    /** `scope` names the route: each limited route has a budget of its own, as in memory. */
    constructor(
      _options?: unknown,
      private readonly scope = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      counting
        .countHit(prefix + this.scope + key, timeWindow)
        .then(([hits, ttl]) => callback(null, { current: hits, ttl: Math.max(0, ttl) }))
        .catch((error: Error) => callback(error));
    }

    read(key: string, callback: Callback) {
      const counter = prefix + this.scope + key;
      Promise.all([redis.get(counter), redis.pttl(counter)])
        .then(([hits, ttl]) => callback(null, { current: Number(hits ?? 0), ttl: Math.max(0, ttl) }))
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: unknown) {
      return new RedisRateLimitStore(undefined, routeScope(routeOptions));
    }
  }
  return RedisRateLimitStore;
}
