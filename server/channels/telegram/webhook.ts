// POST /api/channels/telegram/{botId}: Telegram's webhook for one bot. Accepted only with the
// bot's secret in X-Telegram-Bot-Api-Secret-Token (else 401, nothing stored); answered 200 as
// soon as the update is stored (a retried update_id is stored once), never after the flow ran.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { channelAck, telegramUpdate, telegramWebhookParams } from '../../../src/core/api/channels.js';
import { refusals } from '../../../src/core/api/common.js';
import { fail } from '../../routes/bots/present.js';
import type { ConversationDrain } from '../conversation-drain.js';
import { webhookSecret } from '../store.js';
import { chatOfUpdate, type TelegramUpdate } from './adapter.js';

export const BAD_SECRET = 'The secret token does not match';

export function sameSecret(given: unknown, expected: string | null | undefined): boolean {
  if (typeof given !== 'string' || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function telegramWebhook(drain: ConversationDrain): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/channels/telegram/:botId',
      {
        schema: {
          params: telegramWebhookParams,
          body: telegramUpdate,
          response: { 200: channelAck, ...refusals(401) },
        },
      },
      async (request, reply) => {
        const { botId } = request.params;
        const secret = await webhookSecret(app.db, botId, 'telegram');
        if (!sameSecret(request.headers['x-telegram-bot-api-secret-token'], secret)) {
          return fail(reply, 401, BAD_SECRET);
        }
        const update = request.body as TelegramUpdate;
        const chatId = chatOfUpdate(update);
        if (!chatId) return { ok: true };
        await drain.receive(
          { botId, channel: 'telegram', chatId },
          `telegram:${botId}:${update.update_id}`,
          update,
        );
        return { ok: true };
      },
    );
  };
}
