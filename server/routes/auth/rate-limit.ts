import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { databaseRateLimitStore } from './rate-limit-store.js';
import { redisRateLimitStore } from './redis-rate-limit-store.js';

export const TOO_MANY_REQUESTS = 'Too many requests, please try again in a minute.';

/**
 * Rate limiting for the account calls only (`global: false`): the routes that guess at passwords,
 * codes and reset links opt in with `config: limitedPerMinute(app)`. Without a limit, a 6-digit
 * code falls to a script in minutes and e-mail addresses can be probed at will. The calls are
 * counted in Redis when REDIS_URL is set, else in the database, so every server instance on it
 * spends one budget per address.
 */
export const accountRateLimit: FastifyPluginAsync = fp(async (app) => {
  await app.register(rateLimit, {
    global: false,
    store: app.config.redisUrl
      ? redisRateLimitStore(connectRedis(app), `${app.config.redisKeyPrefix}rate-limit:`)
      : databaseRateLimitStore(app.db, app.log),
    // Thrown as an error: the errors plugin keeps its statusCode and sends the product's shape.
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(TOO_MANY_REQUESTS), { statusCode: context.statusCode }),
  });
});

/** One connection per instance, closed with the server. */
function connectRedis(app: FastifyInstance): Redis {
  // A few retries, not ioredis's twenty: a call waiting on a Redis that is gone should fail soon.
  const redis = new Redis(app.config.redisUrl, { maxRetriesPerRequest: 2 });
  redis.on('error', (error) => app.log.warn({ err: error }, 'Redis (rate limit) connection error'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

/** Route config: at most `config.authRateLimit` calls per minute from one address. */
export function limitedPerMinute(app: FastifyInstance) {
  return { rateLimit: { max: app.config.authRateLimit, timeWindow: 60_000 } };
}
