// What the flow routes read from a request besides the signed-in customer: the bot, the node
// list, the version the editor started from.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findBot, type StoredBot } from '../../repos/bots.js';
import { FlowInputError } from '../../repos/flow-nodes.js';
import { BOT_NOT_FOUND, fail } from '../bots/present.js';

export const CONFLICT =
  'This flow was published by someone else since you opened it. Reload to see the latest version.';
export const VERSION_REQUIRED =
  'Publishing needs the version the flow was opened at (If-Match header). Reload the flow and publish again.';
const VERSION_INVALID = 'If-Match must carry the flow version, as the ETag of the flow gave it';

/** The bot, when it is the signed-in customer's; another customer's bot reads as missing. */
export async function ownedBot(request: FastifyRequest, botId: number): Promise<StoredBot | null> {
  return findBot(request.server.db, request.user.id, botId);
}

export function botNotFound(reply: FastifyReply) {
  return fail(reply, 404, BOT_NOT_FOUND);
}

/**
 * The version named by If-Match: `"3"` as our ETag sends it, also weak (`W/"3"`) or bare (`3`).
 * undefined when the header is absent; throws a 400 for anything else.
 */
export function ifMatchVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined || header === '') return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(String(header));
  if (!match) throw Object.assign(new Error(VERSION_INVALID), { statusCode: 400 });
  return Number(match[1]);
}

/** The version as an entity tag, so the editor (or any HTTP cache) can send it back as If-Match. */
export function etag(version: number): string {
  return `"${version}"`;
}

/** A refused node list: the first problem as the message, every problem for the editor to mark. */
export function refuseNodes(reply: FastifyReply, error: unknown) {
  if (!(error instanceof FlowInputError)) throw error;
  return reply.code(400).send({ success: false, message: error.message, errors: error.problems });
}
