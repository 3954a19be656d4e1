// GET /api/content/{botId} and /api/content/flow_template/{name}?bot_id=: the flow's elements.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentListAnswer } from '../../../src/core/api/content.js';
import { listContent } from '../../repos/content.js';
import { presentContent } from './present.js';
import { contentPaths, contentScope, scopeParams, scopeQuery } from './scope.js';

const listRoute: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  for (const path of contentPaths('')) {
    app.get(
      path,
      {
        onRequest: app.requireActiveUser,
        schema: { params: scopeParams, querystring: scopeQuery, response: { 200: contentListAnswer } },
      },
      async (request, reply) => {
        const scoped = await contentScope(request, reply);
        if (!scoped) return reply;
        const content = await listContent(app.db, scoped.scope);
        return { success: true, content: content.map((c) => presentContent(c, app.config.publicUrl)) };
      },
    );
  }
};

export default listRoute;
