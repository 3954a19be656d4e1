// Typed bot calls (spec 1 §7) and their error defaults (spec 1 §8).
import { api, ApiError, toFormData, type ApiResult } from '../../api/client';
import { getAccessToken } from '../../api/storage';
import type { BotAnswer, BotListAnswer } from '../../core/api/bots';
import type { Answer } from '../../core/api/common';
import type { Bot } from '../../core/bot/types';

type BotsResult = Answer<BotListAnswer>;
type BotResult = Answer<BotAnswer>;

export const botErrorDefaults = {
  load: 'Unable to load bots',
  create: 'Unable to create a new bot',
  import: 'Unable to import a new bot',
  update: 'Unable to update the selected bot',
  delete: 'Unable to delete the selected bot',
} as const;

/** Spec 1 §8: a `success: false` answer becomes an error carrying the server's message or a default. */
function checked<T extends ApiResult>(result: T, fallback: string): T {
  if (!result.success) throw new Error(result.message || fallback);
  return result;
}

function botOf(result: BotResult, fallback: string): Bot {
  const { bot } = checked(result, fallback);
  if (!bot) throw new Error(fallback);
  return bot;
}

let inFlight = false;

/**
 * Spec 1 §7: one bot request runs at a time and a call made meanwhile is ignored — it answers
 * `undefined` without reaching the server. This stops a double click from creating two bots.
 */
async function oneAtATime<T>(call: () => Promise<T>): Promise<T | undefined> {
  if (inFlight) return undefined;
  inFlight = true;
  try {
    return await call();
  } finally {
    inFlight = false;
  }
}

// Avatars: the server answers addresses on its own origin (or https:// ones), and the app is served
// from that origin, so relative avatar paths resolve as they are without a base prefix.
export function fetchBots(): Promise<Bot[] | undefined> {
  return oneAtATime(async () => {
    const { bots } = checked(await api<BotsResult>('/api/bot'), botErrorDefaults.load);
    return bots ?? [];
  });
}

/** `fields` are the bot's text fields (toFormData joins arrays and stringifies objects). */
export function createBot(
  fields: Record<string, unknown>,
  avatarFile: File | null,
): Promise<Bot | undefined> {
  return oneAtATime(async () => {
    const body = toFormData({ ...fields, avatar_file: avatarFile ?? undefined });
    return botOf(await api<BotResult>('/api/bot', { method: 'POST', body }), botErrorDefaults.create);
  });
}

/** `changes` holds only the changed fields plus the avatar extras (see updateRequestFields). */
export function updateBot(
  botId: number,
  changes: Record<string, unknown>,
  avatarFile: File | null,
): Promise<Bot | undefined> {
  return oneAtATime(async () => {
    const body = toFormData({ bot_id: botId, ...changes, avatar_file: avatarFile ?? undefined });
    return botOf(await api<BotResult>('/api/bot', { method: 'PUT', body }), botErrorDefaults.update);
  });
}

export function deleteBot(botId: number): Promise<true | undefined> {
  return oneAtATime(async () => {
    checked(await api(`/api/bot/${botId}`, { method: 'DELETE' }), botErrorDefaults.delete);
    return true as const;
  });
}

/** The archive comes back as a zip; an error comes back as JSON, read for its message. */
export function exportBot(botId: number): Promise<Blob | undefined> {
  return oneAtATime(async () => {
    const token = getAccessToken();
    const response = await fetch('/api/export', {
      method: 'POST',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      body: toFormData({ bot_id: botId }),
    });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || type.includes('application/json')) {
      const data = (await response.json().catch(() => null)) as ApiResult | null;
      throw new ApiError(data?.message || 'Unable to export the selected bot', response.status);
    }
    return response.blob();
  });
}

/** Spec 1 §7: the (rewritten) archive goes as uploaded_bot_file named imported_bot.zip. */
export function importBot(zip: Blob): Promise<Bot | undefined> {
  return oneAtATime(async () => {
    const body = new FormData();
    body.append('uploaded_bot_file', zip, 'imported_bot.zip');
    return botOf(await api<BotResult>('/api/import', { method: 'POST', body }), botErrorDefaults.import);
  });
}
