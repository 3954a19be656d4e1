// Connecting a bot to Telegram when its token is saved (issue 16 item 1): the token is checked with
// getMe first (a bad one is refused under its field and not kept), then the webhook is set at
// `{PUBLIC_URL}/api/channels/telegram/{botId}` with a random secret_token of the characters
// Telegram allows and allowed_updates [message, callback_query]. Clearing the token deletes the
// webhook. In polling mode (TELEGRAM_MODE=polling) no webhook is set: the poller reads updates.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { ChannelApiError } from '../api-error.js';
import { setChannelStatus } from '../store.js';
import { telegramCall } from './api.js';

export const TELEGRAM_ALLOWED_UPDATES = ['message', 'callback_query'];

/** 43 characters of A–Z, a–z, 0–9, `_` and `-` (base64url): what Telegram allows in a secret. */
export const newSecretToken = () => randomBytes(32).toString('base64url');

export const webhookUrl = (config: Config, botId: number) =>
  `${config.publicUrl}/api/channels/telegram/${botId}`;

/** null when the token names a bot, else the message shown under the field. */
export async function checkTelegramToken(config: Config, token: string): Promise<string | null> {
  try {
    await telegramCall({ base: config.telegramApiBase, token }, 'getMe');
    return null;
  } catch (error) {
    const reason =
      error instanceof ChannelApiError ? error.message.replace(/^Telegram getMe: /, '') : String(error);
    return `Telegram refused this token: ${reason}`;
  }
}

/** Sets the webhook for a checked token; a failure is kept as the channel's last error. */
export async function connectTelegram(db: Kysely<Database>, config: Config, botId: number, token: string) {
  const api = { base: config.telegramApiBase, token };
  if (config.telegramMode === 'polling') {
    await telegramCall(api, 'deleteWebhook').catch(() => {});
    await setChannelStatus(db, botId, 'telegram', { secret: null, webhook_url: null, last_error: null });
    return;
  }
  const secret = newSecretToken();
  const url = webhookUrl(config, botId);
  // The secret is stored first: an update Telegram sends right after setWebhook must pass.
  await setChannelStatus(db, botId, 'telegram', { secret, webhook_url: url });
  try {
    await telegramCall(api, 'setWebhook', {
      url,
      secret_token: secret,
      allowed_updates: TELEGRAM_ALLOWED_UPDATES,
    });
    await setChannelStatus(db, botId, 'telegram', { last_error: null, last_error_at: null });
  } catch (error) {
    await setChannelStatus(db, botId, 'telegram', {
      last_error: error instanceof Error ? error.message : String(error),
      last_error_at: Date.now(),
    });
  }
}

/**
 * Tells Telegram to stop posting the token's updates here (a cleared token, a deleted bot). A
 * failure is let go: the webhook then answers 401 to every update (no secret stored any more).
 */
export async function deleteTelegramWebhook(config: Config, token: string): Promise<void> {
  await telegramCall({ base: config.telegramApiBase, token }, 'deleteWebhook').catch(() => {});
}

export async function disconnectTelegram(
  db: Kysely<Database>,
  config: Config,
  botId: number,
  oldToken: string,
) {
  await deleteTelegramWebhook(config, oldToken);
  await setChannelStatus(db, botId, 'telegram', { secret: null, webhook_url: null });
}

/**
 * What a bot save does about Telegram: refuses a new token Telegram does not know (the message for
 * the field), else answers what to do once the bot is stored.
 */
export async function telegramTokenChange(
  db: Kysely<Database>,
  config: Config,
  before: string,
  after: string,
): Promise<{ refused: string } | { apply: (botId: number) => Promise<void> }> {
  if (before === after) return { apply: async () => {} };
  if (!after) return { apply: (botId) => disconnectTelegram(db, config, botId, before) };
  const refused = await checkTelegramToken(config, after);
  if (refused) return { refused };
  return { apply: (botId) => connectTelegram(db, config, botId, after) };
}
