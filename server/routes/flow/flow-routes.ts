// GET and POST /api/flow/:botId (spec 2 §7, spec 3 §7): the bot's main flow with what the editor
// needs beside it, and publishing it. Every flow carries a version (answered as `version` and as
// the ETag); a publish names the version it started from in If-Match and is refused with 409 when
// someone else published in between, so nobody's work is silently overwritten. A flow with
// problems (the editor's own validation, issue 13 §3) is refused with 422 unless the request says
// `allow_invalid`.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EDITOR_HEADER,
  flowAnswer,
  flowPath,
  problemsAnswer,
  publishAnswer,
  publishQuery,
  publishRequest,
} from '../../../src/core/api/flow.js';
import { translateForPublish } from '../../flow-translation/translate-flow.js';
import { checkNodes, toStoredNodes } from '../../repos/flow-nodes.js';
import { recordFlowVersion } from '../../repos/flow-versions.js';
import {
  flowVersion,
  listFlowTemplates,
  listPushMessageTypes,
  MAIN_FLOW,
  readMainFlow,
  saveFlow,
} from '../../repos/flows.js';
import { fail } from '../bots/present.js';
import { providersOf } from './providers.js';
import { shownSource } from '../../notifications/push-source.js';
import { problemsOf, refuseProblems } from './publish-problems.js';
import {
  botNotFound,
  CONFLICT,
  etag,
  ifMatchVersion,
  ownedBot,
  refuseNodes,
  VERSION_REQUIRED,
} from './request-fields.js';

const flowRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/flow/:botId',
    { preHandler: app.requireActiveUser, schema: { params: flowPath, response: { 200: flowAnswer } } },
    async (request, reply) => {
      const bot = await ownedBot(request, request.params.botId);
      if (!bot) return botNotFound(reply);
      const [flow, templates, providers, pushMessageTypes] = await Promise.all([
        readMainFlow(app.db, bot.id),
        listFlowTemplates(app.db, bot.id),
        providersOf(app.db, request.user),
        listPushMessageTypes(app.db),
      ]);
      reply.header('etag', etag(flow.version));
      return {
        success: true,
        flow: { name: flow.name, nodes: flow.nodes },
        flow_templates: templates,
        providers,
        push_message_types: pushMessageTypes.map((type) => ({
          ...type,
          source: shownSource(app.config.pushMessageSources[type.code]),
        })),
        version: flow.version,
      };
    },
  );

  app.post(
    '/flow/:botId',
    {
      preHandler: app.requireActiveUser,
      schema: {
        params: flowPath,
        querystring: publishQuery,
        body: publishRequest,
        response: { 200: publishAnswer, 422: problemsAnswer },
      },
    },
    async (request, reply) => {
      const bot = await ownedBot(request, request.params.botId);
      if (!bot) return botNotFound(reply);
      const expected = ifMatchVersion(request);
      if (expected === undefined) return fail(reply, 428, VERSION_REQUIRED);
      let nodes;
      try {
        nodes = checkNodes(request.body.nodes);
      } catch (error) {
        return refuseNodes(reply, error);
      }
      if (!(request.body.allow_invalid || request.query.allow_invalid)) {
        const problems = await problemsOf(app.db, request.user, bot, nodes);
        if (problems.length > 0) {
          // A stale copy is refused as stale first: fixing its problems would be wasted work.
          if ((await flowVersion(app.db, bot.id, MAIN_FLOW)) !== expected) return fail(reply, 409, CONFLICT);
          return refuseProblems(reply, problems);
        }
      }
      // With the bot's "Translate flow content" on, missing texts are filled (never a reason to fail).
      const translated = await translateForPublish(app, bot, nodes);
      const editor = request.headers[EDITOR_HEADER];
      // One statement, compare-and-set on the version, inside one transaction; the publish is kept
      // as a version (issue 20 §4) in the same transaction, summed up against the flow it replaces.
      const saved = await app.db.transaction().execute(async (trx) => {
        const before = await readMainFlow(trx, bot.id);
        const result = await saveFlow(trx, bot.id, MAIN_FLOW, translated.nodes, expected);
        if (result.ok) {
          await recordFlowVersion(trx, {
            botId: bot.id,
            version: result.version,
            before: before.nodes,
            after: result.nodes,
            storedText: JSON.stringify(toStoredNodes(translated.nodes)),
            author: request.user,
            editor: typeof editor === 'string' ? editor.slice(0, 64) : null,
          });
        }
        return result;
      });
      if (!saved.ok) return fail(reply, 409, CONFLICT);
      reply.header('etag', etag(saved.version));
      return {
        success: true,
        message: 'Flow published',
        nodes: saved.nodes,
        version: saved.version,
        ...(translated.translation ? { translation: translated.translation } : {}),
      };
    },
  );
};

export default flowRoutes;
