import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import dbPlugin from './plugins/db.js';
import jobsPlugin from './plugins/jobs.js';
import notificationsPlugin from './plugins/notifications.js';
import analyticsPlugin from './plugins/analytics.js';
import authPlugin from './plugins/auth.js';
import mailPlugin from './plugins/mail.js';
import closingPlugin from './plugins/closing.js';
import bodiesPlugin from './plugins/bodies.js';
import errorsPlugin from './plugins/errors.js';
import routeTablePlugin from './plugins/route-table.js';
import docsPlugin from './plugins/docs.js';
import staticPlugin from './plugins/static.js';
import { seedProviders } from './repos/providers.js';
import routes from './routes/index.js';
import { MAX_UPLOAD_BYTES } from './http/uploads.js';

/** Builds the whole server without binding a port, so tests can `inject` into it. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // Off by default: a client could otherwise fake X-Forwarded-For to dodge the rate limits.
    trustProxy: config.trustProxy,
    bodyLimit: MAX_UPLOAD_BYTES,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  await app.register(routeTablePlugin);
  await app.register(docsPlugin);
  await app.register(errorsPlugin);
  await app.register(closingPlugin);
  await app.register(bodiesPlugin);
  await app.register(dbPlugin, { config });
  await app.register(jobsPlugin);
  await app.register(notificationsPlugin);
  await app.register(analyticsPlugin);
  await seedProviders(app.db, config);
  await app.register(mailPlugin, { config });
  await app.register(authPlugin);
  await app.register(routes, { prefix: '/api' });
  await app.register(staticPlugin, { config });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}
