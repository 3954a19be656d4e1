// @fastify/rate-limit's store over the database (rate_limit_counters), instead of its default
// store in this server's memory: with two instances behind a load balancer and no sticky routing,
// each used to grant the full budget, so a script guessing codes got twice the tries. With
// REDIS_URL set, redis-rate-limit-store.ts counts in Redis instead.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { countHit, deleteEndedWindows, readHits } from '../../repos/rate-limits.js';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/** How often one instance deletes the counters of ended windows. */
const SWEEP_MS = 60_000;

/** What `child` is given: the route's merged limit options, with the route under `routeInfo`. */
interface RouteLimit {
  routeInfo?: { method?: string | string[]; url?: string };
  path?: string;
}

/** The budget's name for a route's limit: each limited route has a budget of its own, as in memory. */
export function routeScope(routeOptions: unknown): string {
  const { routeInfo, path } = routeOptions as RouteLimit;
  const method = [routeInfo?.method ?? ''].flat().join(',');
  return `${method} ${routeInfo?.url ?? path ?? ''} `;
}

export function databaseRateLimitStore(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
): FastifyRateLimitStoreCtor {
  let sweptAt = 0;

  /** Never fails the call it follows: the next sweep deletes what this one could not. */
  async function sweep(now: number) {
    if (now - sweptAt < SWEEP_MS) return;
    sweptAt = now;
    await deleteEndedWindows(db, now).catch((error: unknown) =>
      log.warn({ err: error }, 'deleting ended rate-limit windows failed'),
    );
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** `scope` names the route: each limited route has a budget of its own, as in memory. */
    constructor(
      _options?: unknown,
      private readonly scope = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      const now = Date.now();
      countHit(db, this.scope + key, timeWindow, now)
        .then(async ({ hits, windowEnd }) => {
          await sweep(now);
          callback(null, { current: hits, ttl: Math.max(0, windowEnd - now) });
        })
        .catch((error: Error) => callback(error));
    }

    read(key: string, callback: Callback) {
      const now = Date.now();
      readHits(db, this.scope + key, now)
        .then(({ hits, windowEnd }) => callback(null, { current: hits, ttl: Math.max(0, windowEnd - now) }))
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: unknown) {
      return new DatabaseRateLimitStore(undefined, routeScope(routeOptions));
    }
  }
  return DatabaseRateLimitStore;
}
