// Analytics of a bot (issue 19 §6): figures, the live stream, the conversations (a page, one
// transcript, the CSV export). Every route is scoped to the signed-in customer: another
// customer's bot is "not found", as if it did not exist.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversationsAnswer,
  conversationsQuery,
  metricsAnswer,
  metricsQuery,
  analyticsBotPath,
  metricsStreamQuery,
  transcriptAnswer,
  transcriptPath,
} from '../../../src/core/api/analytics.js';
import { refusals } from '../../../src/core/api/common.js';
import { conversationPage, presentConversation } from '../../analytics/conversations.js';
import { conversationsCsv } from '../../analytics/csv-export.js';
import { LiveStamps } from '../../analytics/live.js';
import { botMetrics } from '../../analytics/queries.js';
import { beforeDatabaseCloses } from '../../db/close-hooks.js';
import { findBot } from '../../repos/bots.js';
import { readConversation } from '../../repos/conversation.js';
import { BOT_NOT_FOUND, fail } from '../bots/present.js';

const botParams = analyticsBotPath;
/** A stream's keep-alive: proxies close connections that stay silent. */
const HEARTBEAT_MS = 15_000;

const analytics: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const fold = app.analyticsFold;
  const live = new LiveStamps(app.db, () => fold.run());
  beforeDatabaseCloses(app.db, async () => live.close());
  // Open streams never go idle: a closing server ends them, or it would wait for them forever.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  /** The customer's bot, with its turns' events folded so what is read next is exact; null: 404 sent. */
  const ownBot = async (userId: number, botId: number, reply: FastifyReply) => {
    const bot = await findBot(app.db, userId, botId);
    if (!bot) fail(reply, 404, BOT_NOT_FOUND);
    else await fold.run();
    return bot;
  };

  app.get(
    '/bots/:botId/metrics',
    {
      onRequest: app.requireActiveUser,
      schema: {
        params: botParams,
        querystring: metricsQuery,
        response: { 200: metricsAnswer, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      const bot = await ownBot(request.user.id, request.params.botId, reply);
      if (!bot) return reply;
      return botMetrics(app.db, bot.id, request.query);
    },
  );

  app.get(
    '/bots/:botId/metrics/stream',
    {
      onRequest: app.requireActiveUser,
      schema: { params: botParams, querystring: metricsStreamQuery },
    },
    async (request, reply) => {
      const bot = await ownBot(request.user.id, request.params.botId, reply);
      if (!bot) return reply;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx would otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });
      raw.write('retry: 2000\n\n');
      const stop = await live.watch(bot.id, (stamp) =>
        raw.write(`event: change\ndata: ${JSON.stringify({ stamp })}\n\n`),
      );
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const end = () => {
        clearInterval(heartbeat);
        stop();
        streams.delete(end);
        raw.end();
      };
      streams.add(end);
      request.raw.on('close', end);
    },
  );

  app.get(
    '/bots/:botId/conversations',
    {
      onRequest: app.requireActiveUser,
      schema: {
        params: botParams,
        querystring: conversationsQuery,
        response: { 200: conversationsAnswer, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      const bot = await ownBot(request.user.id, request.params.botId, reply);
      if (!bot) return reply;
      const { limit, transcript: _transcript, ...filter } = request.query;
      const page = await conversationPage(app.db, bot.id, filter, limit);
      return { success: true as const, conversations: page.rows.map(presentConversation), next: page.next };
    },
  );

  app.get(
    '/bots/:botId/conversations.csv',
    { onRequest: app.requireActiveUser, schema: { params: botParams, querystring: conversationsQuery } },
    async (request, reply) => {
      const bot = await ownBot(request.user.id, request.params.botId, reply);
      if (!bot) return reply;
      const { limit: _limit, transcript, ...filter } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="conversations-bot-${bot.id}.csv"`)
        .send(conversationsCsv(app.db, bot.id, filter, transcript === '1'));
    },
  );

  app.get(
    '/bots/:botId/conversations/:guestId',
    {
      onRequest: app.requireActiveUser,
      schema: {
        params: transcriptPath,
        response: { 200: transcriptAnswer, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      const bot = await ownBot(request.user.id, request.params.botId, reply);
      if (!bot) return reply;
      const row = await app.db
        .selectFrom('analytics_sessions')
        .selectAll()
        .where('guest_id', '=', request.params.guestId)
        .where('bot_id', '=', bot.id)
        .executeTakeFirst();
      if (!row) return fail(reply, 404, 'Conversation not found');
      return {
        success: true as const,
        conversation: presentConversation(row),
        messages: await readConversation(app.db, row.guest_id),
      };
    },
  );
};

export default analytics;
