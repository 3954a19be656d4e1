// GET /api/files, /api/links, /api/videos (spec 3 §7): the languages and the customer's live
// items of the kind, newest first; deleted items are not listed (spec 3 §4).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { filesAnswer, linksAnswer, videosAnswer } from '../../../src/core/api/knowledge.js';
import { refusals } from '../../../src/core/api/common.js';
import { listSources, presentFile, presentLink, presentVideo } from '../../knowledge/sources.js';
import { ownCustomer } from './access.js';
import { knowledgeListQuery as query } from '../../../src/core/api/knowledge-requests.js';

const listRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireActiveUser };
  const languages = () =>
    app.db.selectFrom('languages').select(['id', 'code', 'name']).orderBy('id').execute();

  app.get(
    '/files',
    { ...auth, schema: { querystring: query, response: { 200: filesAnswer, ...refusals(403) } } },
    async (request, reply) => {
      if (!(await ownCustomer(request, reply, request.query.customer_id))) return reply;
      const rows = await listSources(app.db, request.user.id, 'file');
      return { success: true as const, languages: await languages(), files: rows.map(presentFile) };
    },
  );
  app.get(
    '/links',
    { ...auth, schema: { querystring: query, response: { 200: linksAnswer, ...refusals(403) } } },
    async (request, reply) => {
      if (!(await ownCustomer(request, reply, request.query.customer_id))) return reply;
      const rows = await listSources(app.db, request.user.id, 'link');
      return { success: true as const, languages: await languages(), links: rows.map(presentLink) };
    },
  );
  app.get(
    '/videos',
    { ...auth, schema: { querystring: query, response: { 200: videosAnswer, ...refusals(403) } } },
    async (request, reply) => {
      if (!(await ownCustomer(request, reply, request.query.customer_id))) return reply;
      const rows = await listSources(app.db, request.user.id, 'video');
      return { success: true as const, languages: await languages(), videos: rows.map(presentVideo) };
    },
  );
};

export default listRoutes;
