// Spec 3 §2 "Bot origins must be registered or the bot does not work". A widget call names the
// host page it runs on: the loader passes it as `?page=` (a plain GET, so the browser needs no
// CORS preflight), the chat app as the X-BotFlow-Origin header. A cross-site caller cannot lie
// about the site: its browser-set Origin header must be the page's origin. The bot's owner
// (bearer token: the editor's emulator, the theme preview) may read their own bot from anywhere.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPageAllowed, originOf } from '../../../src/core/widget/origin.js';
import { findUserByToken } from '../../repos/tokens.js';

export const ORIGIN_HEADER = 'x-botflow-origin';

export type PageCheck = { ok: true; page: string | null } | { ok: false; status: number; message: string };

export const PAGE_REQUIRED = 'The page the chat runs on is not known: embed it with the widget script.';
export const PAGE_NOT_REGISTERED = "This page is not one of the bot's registered origins.";
export const PAGE_ORIGIN_MISMATCH = 'The page address does not belong to the site making the call.';

function headerText(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() ? text.trim() : null;
}

/** A call from our own pages (the chat iframe): the page it names was passed on by the host page. */
function isOwnSite(request: FastifyRequest, callerOrigin: string): boolean {
  try {
    return new URL(callerOrigin).host === request.headers.host;
  } catch {
    return false;
  }
}

async function isOwner(app: FastifyInstance, request: FastifyRequest, ownerId: number): Promise<boolean> {
  const match = /^Bearer\s+(\S+)$/i.exec(headerText(request, 'authorization') ?? '');
  if (!match) return false;
  const user = await findUserByToken(app.db, match[1], app.config.tokenTtlDays);
  return user?.id === ownerId && user.is_email_verified === 1 && user.is_deleted === 0;
}

export async function checkWidgetPage(
  app: FastifyInstance,
  request: FastifyRequest,
  bot: { user_id: number; origins: string[]; allow_subpaths: boolean },
  queryPage?: string,
): Promise<PageCheck> {
  if (await isOwner(app, request, bot.user_id)) return { ok: true, page: null };
  const page = headerText(request, ORIGIN_HEADER) ?? queryPage?.trim() ?? null;
  if (!page) return { ok: false, status: 403, message: PAGE_REQUIRED };
  const callerOrigin = headerText(request, 'origin');
  if (callerOrigin && !isOwnSite(request, callerOrigin) && callerOrigin !== originOf(page)) {
    return { ok: false, status: 403, message: PAGE_ORIGIN_MISMATCH };
  }
  if (!isPageAllowed(page, bot.origins, bot.allow_subpaths)) {
    return { ok: false, status: 403, message: PAGE_NOT_REGISTERED };
  }
  return { ok: true, page };
}
