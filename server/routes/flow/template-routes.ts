// The flow-template calls (spec 2 §7): POST and PUT /api/flow_template, GET and DELETE
// /api/flow_template/:name. The paths carry no bot: the active bot is sent as `bot_id`, in the
// query string or in the body, and must be the signed-in customer's.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { doneAnswer } from '../../../src/core/api/common.js';
import {
  templateAnswer,
  templateCreateRequest,
  templateNamePath,
  templateQuery,
  templateSaveRequest,
} from '../../../src/core/api/flow.js';
import type { StoredBot } from '../../repos/bots.js';
import { checkNodes } from '../../repos/flow-nodes.js';
import {
  createFlowTemplate,
  deleteFlowTemplate,
  findFlow,
  flowTemplateName,
  isReservedName,
  readMainFlow,
  saveFlow,
} from '../../repos/flows.js';
import { fail } from '../bots/present.js';
import { removeContentFiles } from '../../repos/content-files.js';
import { deleteFlowContents, listContent } from '../../repos/content.js';
import { presentContent } from '../content/present.js';
import { botNotFound, CONFLICT, etag, ifMatchVersion, ownedBot, refuseNodes } from './request-fields.js';

const NOT_FOUND = 'Flow template not found';
const MAIN_RESERVED = 'The name main is kept for the main flow';
const MAIN_NOT_DELETABLE = 'The main flow cannot be deleted';
const MAIN_PUBLISHED_ELSEWHERE = 'The main flow is published with POST /api/flow/{botId}';
/** Long enough for any real name; keeps a pasted paragraph out of the template list. */
const MAX_NAME_LENGTH = 100;

/** The active bot of a template call, or the refusal already sent. */
async function templateBot(
  request: FastifyRequest,
  reply: FastifyReply,
  ids: { query?: number; body?: number },
): Promise<StoredBot | null> {
  const botId = ids.query ?? ids.body;
  if (botId === undefined) {
    await fail(reply, 400, 'bot_id is required', 'bot_id');
    return null;
  }
  const bot = await ownedBot(request, botId);
  if (!bot) await botNotFound(reply);
  return bot;
}

const templateRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireActiveUser };

  app.post(
    '/flow_template',
    {
      ...auth,
      schema: {
        querystring: templateQuery,
        body: templateCreateRequest,
        response: { 200: templateAnswer },
      },
    },
    async (request, reply) => {
      const bot = await templateBot(request, reply, {
        query: request.query.bot_id,
        body: request.body.bot_id,
      });
      if (!bot) return reply;
      const name = flowTemplateName(request.body.flow_name);
      if (!name) return fail(reply, 400, 'flow_name is required', 'flow_name');
      if (name.length > MAX_NAME_LENGTH) return fail(reply, 400, 'flow_name is too long', 'flow_name');
      if (isReservedName(name)) return fail(reply, 409, MAIN_RESERVED, 'flow_name');
      const created = await app.db.transaction().execute((trx) => createFlowTemplate(trx, bot.id, name));
      if (!created) return fail(reply, 409, `A flow template named ${name} already exists`, 'flow_name');
      reply.header('etag', etag(created.version));
      return {
        success: true,
        message: 'Flow template created',
        flow_template: { id: created.id, name: created.name, nodes: created.nodes },
        version: created.version,
      };
    },
  );

  app.get(
    '/flow_template/:name',
    {
      ...auth,
      schema: { querystring: templateQuery, params: templateNamePath, response: { 200: templateAnswer } },
    },
    async (request, reply) => {
      const bot = await templateBot(request, reply, { query: request.query.bot_id });
      if (!bot) return reply;
      const name = flowTemplateName(request.params.name);
      // Switching back to main from the template list reads the main flow the same way.
      const flow = isReservedName(name)
        ? await readMainFlow(app.db, bot.id)
        : await findFlow(app.db, bot.id, name);
      if (!flow) return fail(reply, 404, NOT_FOUND);
      reply.header('etag', etag(flow.version));
      return {
        success: true,
        flow_template: { id: flow.id, name: flow.name, nodes: flow.nodes },
        // The template's content elements (spec 2 §7), as GET /api/content/flow_template/{name} lists them.
        content: (
          await listContent(app.db, { botId: bot.id, templateName: isReservedName(name) ? null : name })
        ).map((element) => presentContent(element, app.config.publicUrl)),
        version: flow.version,
      };
    },
  );

  app.put(
    '/flow_template',
    {
      ...auth,
      schema: {
        querystring: templateQuery,
        body: templateSaveRequest,
        response: { 200: templateAnswer },
      },
    },
    async (request, reply) => {
      const bot = await templateBot(request, reply, {
        query: request.query.bot_id,
        body: request.body.bot_id,
      });
      if (!bot) return reply;
      const name = flowTemplateName(request.body.flow_name);
      if (!name) return fail(reply, 400, 'flow_name is required', 'flow_name');
      if (isReservedName(name)) return fail(reply, 400, MAIN_PUBLISHED_ELSEWHERE, 'flow_name');
      // Versioning is optional here: an editor that read the template's ETag sends it back.
      const expected = ifMatchVersion(request) ?? null;
      let nodes;
      try {
        nodes = checkNodes(request.body.nodes);
      } catch (error) {
        return refuseNodes(reply, error);
      }
      const saved = await app.db.transaction().execute((trx) => saveFlow(trx, bot.id, name, nodes, expected));
      if (!saved.ok)
        return saved.reason === 'missing' ? fail(reply, 404, NOT_FOUND) : fail(reply, 409, CONFLICT);
      reply.header('etag', etag(saved.version));
      return {
        success: true,
        message: 'Flow template saved',
        flow_template: { name, nodes: saved.nodes },
        version: saved.version,
      };
    },
  );

  app.delete(
    '/flow_template/:name',
    {
      ...auth,
      schema: { querystring: templateQuery, params: templateNamePath, response: { 200: doneAnswer } },
    },
    async (request, reply) => {
      const bot = await templateBot(request, reply, { query: request.query.bot_id });
      if (!bot) return reply;
      const name = flowTemplateName(request.params.name);
      if (isReservedName(name)) return fail(reply, 400, MAIN_NOT_DELETABLE);
      // The template's content elements go with it (a new template of that name starts empty).
      const deleted = await app.db
        .transaction()
        .execute(async (trx) =>
          (await deleteFlowTemplate(trx, bot.id, name))
            ? deleteFlowContents(trx, { botId: bot.id, templateName: name })
            : null,
        );
      if (!deleted) return fail(reply, 404, NOT_FOUND);
      await removeContentFiles(app.config.dataDir, deleted);
      return { success: true, message: 'Flow template deleted' };
    },
  );
};

export default templateRoutes;
