// The bot calls (spec 1 §7), one per route, typed by the contract in src/core/api/bots.ts, and
// their error defaults (spec 1 §8).
import { ApiError, toFormData } from '../../api/client';
import { defineCall, type Refusal } from '../../api/define-call';
import { getAccessToken } from '../../api/storage';
import {
  botAnswer,
  botCreateRequest,
  botImportRequest,
  botListAnswer,
  botPath,
  botUpdateRequest,
  type BotChanges,
  type BotCreateRequest,
} from '../../core/api/bots';
import { doneAnswer } from '../../core/api/common';
import type { Bot } from '../../core/bot/types';

const calls = {
  list: defineCall('GET', '/api/bot', { response: botListAnswer }),
  create: defineCall('POST', '/api/bot', { request: botCreateRequest, response: botAnswer }),
  update: defineCall('PUT', '/api/bot', { request: botUpdateRequest, response: botAnswer }),
  remove: defineCall('DELETE', '/api/bot/:id', { params: botPath, response: doneAnswer }),
  import: defineCall('POST', '/api/import', { request: botImportRequest, response: botAnswer }),
};

export const botErrorDefaults = {
  load: 'Unable to load bots',
  create: 'Unable to create a new bot',
  import: 'Unable to import a new bot',
  update: 'Unable to update the selected bot',
  delete: 'Unable to delete the selected bot',
} as const;

/** Spec 1 §8: a refusal becomes an error carrying the server's message or a default. */
function checked<T extends { success: true }>(result: T | Refusal, fallback: string): T {
  if (!result.success) throw new Error(result.message || fallback);
  return result;
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
    return checked(await calls.list(), botErrorDefaults.load).bots;
  });
}

/** `fields` are the bot's text fields (toFormData joins arrays and stringifies objects). */
export function createBot(
  fields: Omit<BotCreateRequest, 'avatar_file'>,
  avatarFile: File | null,
): Promise<Bot | undefined> {
  return oneAtATime(async () => {
    const body = { ...fields, avatar_file: avatarFile ?? undefined };
    return checked(await calls.create({ body }), botErrorDefaults.create).bot;
  });
}

/** `changes` holds only the changed fields plus the avatar extras (see updateRequestFields). */
export function updateBot(
  botId: number,
  changes: BotChanges,
  avatarFile: File | null,
): Promise<Bot | undefined> {
  return oneAtATime(async () => {
    const body = { bot_id: botId, ...changes, avatar_file: avatarFile ?? undefined };
    return checked(await calls.update({ body }), botErrorDefaults.update).bot;
  });
}

export function deleteBot(botId: number): Promise<true | undefined> {
  return oneAtATime(async () => {
    checked(await calls.remove({ params: { id: botId } }), botErrorDefaults.delete);
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
      const data = (await response.json().catch(() => null)) as { message?: string } | null;
      throw new ApiError(data?.message || 'Unable to export the selected bot', response.status);
    }
    return response.blob();
  });
}

/** Spec 1 §7: the (rewritten) archive goes as uploaded_bot_file named imported_bot.zip. */
export function importBot(zip: Blob): Promise<Bot | undefined> {
  return oneAtATime(async () => {
    const body = { uploaded_bot_file: new File([zip], 'imported_bot.zip', { type: zip.type }) };
    return checked(await calls.import({ body }), botErrorDefaults.import).bot;
  });
}
