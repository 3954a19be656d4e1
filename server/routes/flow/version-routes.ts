// Issue 20 §4 and §7: the versions of a bot's main flow (every publish, with its time, author and
// summary), one version's nodes for the read-only view, and a Server-Sent Events stream that
// tells an open editor when someone publishes the bot. The stream reads the newest version from
// the database rather than an in-process event, so it works whichever server instance published.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  flowPath,
  flowVersionAnswer,
  flowVersionPath,
  flowVersionsAnswer,
} from '../../../src/core/api/flow.js';
import { latestFlowVersion, listFlowVersions, readFlowVersion } from '../../repos/flow-versions.js';
import { fail } from '../bots/present.js';
import { botNotFound, ownedBot } from './request-fields.js';

/** How often an open stream looks for a new version, and sends a keep-alive comment. */
const POLL_MS = 1500;
const KEEP_ALIVE_MS = 20_000;

const versionRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Open streams, ended when the server closes (a stream never ends on its own).
  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of streams) end();
  });

  app.get(
    '/flow/:botId/versions',
    {
      preHandler: app.requireActiveUser,
      schema: { params: flowPath, response: { 200: flowVersionsAnswer } },
    },
    async (request, reply) => {
      const bot = await ownedBot(request, request.params.botId);
      if (!bot) return botNotFound(reply);
      return { success: true, versions: await listFlowVersions(app.db, bot.id) };
    },
  );

  app.get(
    '/flow/:botId/versions/:version',
    {
      preHandler: app.requireActiveUser,
      schema: { params: flowVersionPath, response: { 200: flowVersionAnswer } },
    },
    async (request, reply) => {
      const bot = await ownedBot(request, request.params.botId);
      if (!bot) return botNotFound(reply);
      const found = await readFlowVersion(app.db, bot.id, request.params.version);
      if (!found) return fail(reply, 404, 'This version of the flow was not found', 'version');
      const { nodes, ...version } = found;
      return { success: true, version, nodes };
    },
  );

  // text/event-stream: `event: version` with the newest version's facts at once and on every
  // publish after that. Not JSON, so it has no response schema (see contract-routes.test.ts).
  app.get(
    '/flow/:botId/events',
    { preHandler: app.requireActiveUser, schema: { params: flowPath } },
    async (request, reply) => {
      const bot = await ownedBot(request, request.params.botId);
      if (!bot) return botNotFound(reply);
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let sent = -1;
      let closed = false;
      const send = async () => {
        if (closed) return;
        try {
          const latest = await latestFlowVersion(app.db, bot.id);
          const version = latest?.version ?? 0;
          if (closed || version === sent) return;
          sent = version;
          out.write(`event: version\ndata: ${JSON.stringify(latest ?? { version: 0 })}\n\n`);
        } catch (error) {
          request.log.warn({ err: error }, 'flow events: reading the latest version failed');
        }
      };
      const poll = setInterval(() => void send(), POLL_MS);
      const keepAlive = setInterval(() => !closed && out.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      const stop = () => {
        closed = true;
        clearInterval(poll);
        clearInterval(keepAlive);
        streams.delete(end);
      };
      const end = () => {
        stop();
        out.end();
      };
      streams.add(end);
      request.raw.on('close', stop);
      out.on('close', stop);
      await send();
    },
  );
};

export default versionRoutes;
