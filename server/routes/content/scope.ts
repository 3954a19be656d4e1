// Which bot and flow a content call is about. Every call has two paths (spec 2 §7): per bot,
// /api/content/<kind>/{botId}, for the main flow, and per flow template,
// /api/content/flow_template/<kind>/{name}, with the bot sent as bot_id (query or body) as the
// flow-template calls do. The bot must be the signed-in customer's: another customer's bot reads
// as missing.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { StoredBot } from '../../repos/bots.js';
import { hasFlowTemplate, type ContentScope } from '../../repos/content.js';
import { flowTemplateName, isReservedName } from '../../repos/flows.js';
import { fail } from '../bots/present.js';
import { botNotFound, ownedBot } from '../flow/request-fields.js';

export { contentPath as scopeParams, contentQuery as scopeQuery, bodyBotId } from './fields.js';
import type { contentPath, contentQuery } from './fields.js';

/** The bot path and the flow-template path of one call, e.g. `image` → /content/image/:botId. */
export function contentPaths(kind: string, suffix = ''): string[] {
  const sub = kind ? `/${kind}` : '';
  return [`/content${sub}/:botId${suffix}`, `/content/flow_template${sub}/:name${suffix}`];
}

export interface Scoped {
  bot: StoredBot;
  scope: ContentScope;
}

/** What a content call carries that names its bot: the path, the query, and the form. */
interface ScopedCall {
  params: z.infer<typeof contentPath>;
  query: z.infer<typeof contentQuery>;
  /** The template calls' form, bot_id already parsed (bodyBotId); a GET has none. */
  body?: unknown;
}

const botIdInBody = (body: unknown): number | undefined =>
  body && typeof body === 'object' && 'bot_id' in body && typeof body.bot_id === 'number'
    ? body.bot_id
    : undefined;

/** The bot and flow of the call, or null with the refusal already sent. */
export async function contentScope(
  request: FastifyRequest & ScopedCall,
  reply: FastifyReply,
): Promise<Scoped | null> {
  const { params } = request;
  const botId = params.botId ?? request.query.bot_id ?? botIdInBody(request.body);
  if (botId === undefined) {
    await fail(reply, 400, 'bot_id is required', 'bot_id');
    return null;
  }
  const bot = await ownedBot(request, botId);
  if (!bot) {
    await botNotFound(reply);
    return null;
  }
  if (params.name === undefined) return { bot, scope: { botId: bot.id, templateName: null } };
  const name = flowTemplateName(params.name);
  // Template 'main' is the main flow, as GET /api/flow_template/main reads it.
  if (isReservedName(name)) return { bot, scope: { botId: bot.id, templateName: null } };
  if (!name || !(await hasFlowTemplate(request.server.db, bot.id, name))) {
    await fail(reply, 404, 'Flow template not found');
    return null;
  }
  return { bot, scope: { botId: bot.id, templateName: name } };
}
