import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isReachable } from '../db/connect.js';

const health: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        response: {
          200: z.object({ success: z.boolean(), database: z.enum(['reachable', 'unreachable']) }),
          503: z.object({ success: z.boolean(), database: z.enum(['reachable', 'unreachable']) }),
        },
      },
    },
    async (_request, reply) => {
      const ok = await isReachable(app.db);
      return reply.code(ok ? 200 : 503).send({ success: ok, database: ok ? 'reachable' : 'unreachable' });
    },
  );
};

export default health;
