// DELETE /api/file|link|video/{customer_id}/{id} (spec 3 §7), and two calls beyond the spec:
// POST …/{id}/retry runs a failed (or any) item again, POST /api/video/{customer_id}/{id}/transcript
// indexes a pasted transcript for a video without captions. A foreign customer_id is refused
// (403); another customer's item reads as missing (404) and nothing changes.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refusals } from '../../../src/core/api/common.js';
import { itemDeletedAnswer, itemRetriedAnswer, KNOWLEDGE_KINDS } from '../../../src/core/api/knowledge.js';
import { deleteSource } from '../../knowledge/passage-store.js';
import { findSource, presentSource, restartSource } from '../../knowledge/sources.js';
import { fail } from '../bots/present.js';
import {
  knowledgeItemPath as params,
  transcriptRequest as transcriptBody,
} from '../../../src/core/api/knowledge-requests.js';
import { enqueueIngest, ITEM_NOT_FOUND, ownCustomer, removeKnowledgeFile } from './access.js';

const itemRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireActiveUser };

  for (const kind of KNOWLEDGE_KINDS) {
    app.delete(
      `/${kind}/:customerId/:id`,
      { ...auth, schema: { params, response: { 200: itemDeletedAnswer, ...refusals(403, 404) } } },
      async (request, reply) => {
        const { customerId, id } = request.params;
        if (!(await ownCustomer(request, reply, customerId))) return reply;
        const row = await findSource(app.db, request.user.id, kind, id);
        if (!row || !(await deleteSource(app.db, request.user.id, id, Date.now()))) {
          return fail(reply, 404, ITEM_NOT_FOUND[kind]);
        }
        if (kind === 'file') await removeKnowledgeFile(app.config.dataDir, row.url);
        return { success: true as const, message: 'Deleted', id };
      },
    );

    app.post(
      `/${kind}/:customerId/:id/retry`,
      { ...auth, schema: { params, response: { 200: itemRetriedAnswer, ...refusals(403, 404) } } },
      async (request, reply) => {
        const { customerId, id } = request.params;
        if (!(await ownCustomer(request, reply, customerId))) return reply;
        const row = await findSource(app.db, request.user.id, kind, id);
        if (!row) return fail(reply, 404, ITEM_NOT_FOUND[kind]);
        const restarted = await restartSource(app.db, row, Date.now());
        await enqueueIngest(app, restarted);
        return { success: true as const, message: 'Processing again', item: presentSource(restarted) };
      },
    );
  }

  app.post(
    '/video/:customerId/:id/transcript',
    {
      ...auth,
      schema: {
        params,
        body: transcriptBody,
        response: { 200: itemRetriedAnswer, ...refusals(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const { customerId, id } = request.params;
      if (!(await ownCustomer(request, reply, customerId))) return reply;
      const row = await findSource(app.db, request.user.id, 'video', id);
      if (!row) return fail(reply, 404, ITEM_NOT_FOUND.video);
      const restarted = await restartSource(app.db, row, Date.now(), {
        transcript: request.body.transcript,
        needs_transcript: 0,
      });
      await enqueueIngest(app, restarted);
      return { success: true as const, message: 'Transcript added', item: presentSource(restarted) };
    },
  );
};

export default itemRoutes;
