// POST /api/knowledge/search (issue 17 item 6, the retrieval test panel): the passages the AI
// would be given for a question, with scores and where they come from, among the caller's
// sources only (ids of another customer's sources find nothing). GET /api/knowledge/gaps: the
// questions AI nodes could not answer from the sources ("Unanswered questions"), most asked first.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refusals } from '../../../src/core/api/common.js';
import { gapsAnswer, searchAnswer, searchRequest } from '../../../src/core/api/knowledge.js';
import type { Embedder } from '../../knowledge/embeddings.js';
import { searchKnowledge } from '../../knowledge/search.js';

const searchRoutes: FastifyPluginAsync<{ embedder: Embedder }> = async (fastify, { embedder }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireActiveUser };

  app.post(
    '/knowledge/search',
    { ...auth, schema: { body: searchRequest, response: { 200: searchAnswer, ...refusals(400, 502) } } },
    async (request) => {
      const { query, language, sources, limit } = request.body;
      const found = await searchKnowledge(app.db, embedder, {
        customerId: request.user.id,
        query,
        language,
        sources: sources && {
          files: sources.files ?? [],
          links: sources.links ?? [],
          videos: sources.videos ?? [],
        },
        limit: limit ?? 5,
      });
      return {
        success: true as const,
        mode: found.mode,
        passages: found.passages.map(({ text, snippet, score, source }) => ({
          text,
          snippet,
          score,
          source,
        })),
      };
    },
  );

  app.get('/knowledge/gaps', { ...auth, schema: { response: { 200: gapsAnswer } } }, async (request) => {
    const rows = await app.db
      .selectFrom('knowledge_gaps')
      .select(['question', 'count', 'bot_id', 'last_asked_at'])
      .where('customer_id', '=', request.user.id)
      .orderBy('count', 'desc')
      .orderBy('last_asked_at', 'desc')
      .limit(100)
      .execute();
    return {
      success: true as const,
      gaps: rows.map((r) => ({ ...r, last_asked_at: new Date(Number(r.last_asked_at)).toISOString() })),
    };
  });
};

export default searchRoutes;
