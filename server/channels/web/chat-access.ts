// Who may chat with a bot (spec 3 §6). The editor's emulator sends the owner's bearer token; the
// widget names the host page it runs on (X-BotFlow-Origin), which must be one of the bot's
// registered origins, "Allow Widget on URL Subpaths" respected — the same check the widget's
// own calls go through (server/routes/widget/page-check.ts). Calls about an existing guest
// (ping, custom variables, language) are authorised by the guest id itself: a random UUID only
// that guest's chat knows.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findUserByToken } from '../../repos/tokens.js';
import { findGuest, type StoredGuest } from '../../repos/guests.js';
import type { ChatBot } from '../../conversations/chat-bot.js';
import { ChatError } from '../../conversations/chat-service.js';
import { BOT_NOT_FOUND } from '../../routes/bots/present.js';
import { checkWidgetPage } from '../../routes/widget/page-check.js';

export const OWNER_GONE = "This bot is not available: its owner's account no longer exists";
export const SPEECH_NEEDS_AUTH = 'Speech calls need a signed-in user or a chat guest_id';

export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match ? match[1] : null;
}

async function activeUser(app: FastifyInstance, token: string) {
  const user = await findUserByToken(app.db, token, app.config.tokenTtlDays);
  if (!user) throw new ChatError(401, 'You need to log in again.');
  if (!user.is_email_verified || user.is_deleted)
    throw new ChatError(403, 'Please confirm your email first.');
  return user;
}

export async function authorizeChat(
  app: FastifyInstance,
  request: FastifyRequest,
  bot: ChatBot | null,
): Promise<void> {
  if (!bot) throw new ChatError(404, BOT_NOT_FOUND);
  if (!bot.ownerActive) throw new ChatError(404, OWNER_GONE);
  const token = bearerToken(request);
  if (token) {
    const user = await activeUser(app, token);
    // Another customer's bot reads as a missing one.
    if (user.id !== bot.userId) throw new ChatError(404, BOT_NOT_FOUND);
    return;
  }
  const check = await checkWidgetPage(app, request, {
    user_id: bot.userId,
    origins: bot.origins,
    allow_subpaths: bot.allowSubpaths,
  });
  if (!check.ok) throw new ChatError(check.status, check.message);
}

/**
 * Speech costs the operator money: a signed-in user or a known guest may use it. Answers the
 * guest when one is named (its bot's speech switches then apply), null for the editor's own calls.
 */
export async function authorizeSpeech(
  app: FastifyInstance,
  request: FastifyRequest,
  guestId?: string | null,
): Promise<StoredGuest | null> {
  const guest = guestId ? await findGuest(app.db, guestId) : null;
  const token = bearerToken(request);
  if (token) {
    await activeUser(app, token);
    return guest;
  }
  if (guest) return guest;
  throw new ChatError(401, SPEECH_NEEDS_AUTH);
}

/** A language given by code ('fr') or id ('3'); null when none was given. */
export function languageCodeOf(
  value: string | number | undefined,
  codes: Map<number, string>,
): string | null {
  if (value === undefined) return null;
  const text = String(value).trim().toLowerCase();
  if (!text) return null;
  if (/^\d+$/.test(text)) {
    const code = codes.get(Number(text));
    if (code) return code;
  } else if ([...codes.values()].includes(text)) {
    return text;
  }
  throw new ChatError(400, 'language is invalid');
}
