// What the bot dialog's Advanced tab shows per channel (issue 16 item 6): connected or not, the
// webhook address, the last error from the API, the time of the last message; and "Send test
// message" to a chat id / phone number the author types, sent at once so the author sees the
// API's answer. Only the bot's owner may ask.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  channelsAnswer,
  TEST_MESSAGE_TEXT,
  testMessageBody,
  type ChannelInfo,
} from '../../src/core/api/channels.js';
import { doneAnswer, refusals } from '../../src/core/api/common.js';
import { BOT_NOT_FOUND, fail } from '../routes/bots/present.js';
import { botPath } from '../../src/core/api/bots.js';
import { findBot } from '../repos/bots.js';
import { ChannelApiError } from './api-error.js';
import { findChannelBot } from './channel-bot.js';
import { channelStatus, setChannelStatus, type ChannelKind } from './store.js';
import { telegramCall } from './telegram/api.js';
import { whatsappSend } from './whatsapp/api.js';

const params = botPath;

const statusRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app;

  app.get(
    '/bot/:id/channels',
    {
      onRequest: app.requireActiveUser,
      schema: { params, response: { 200: channelsAnswer, ...refusals(404) } },
    },
    async (request, reply) => {
      const bot = await findBot(app.db, request.user.id, request.params.id);
      if (!bot) return fail(reply, 404, BOT_NOT_FOUND);
      const info = async (
        channel: ChannelKind,
        configured: boolean,
        webhook: string | null,
      ): Promise<ChannelInfo> => {
        const status = await channelStatus(app.db, bot.id, channel);
        return {
          channel,
          configured,
          connected: configured && !status?.lastError,
          webhook_url: configured ? webhook : null,
          last_error: status?.lastError ?? null,
          last_error_at: status?.lastErrorAt ?? null,
          last_message_at: status?.lastMessageAt ?? null,
        };
      };
      const telegram = await channelStatus(app.db, bot.id, 'telegram');
      return {
        success: true as const,
        channels: [
          await info('telegram', !!bot.telegram_token, telegram?.webhookUrl ?? null),
          await info(
            'whatsapp',
            !!bot.whatsapp_token && !!bot.whatsapp_phone_id,
            `${config.publicUrl}/api/channels/whatsapp`,
          ),
        ],
      };
    },
  );

  app.post(
    '/bot/:id/channels/test',
    {
      onRequest: app.requireActiveUser,
      schema: { params, body: testMessageBody, response: { 200: doneAnswer, ...refusals(400, 404) } },
    },
    async (request, reply) => {
      const owned = await findBot(app.db, request.user.id, request.params.id);
      const bot = owned && (await findChannelBot(app.db, owned.id));
      if (!bot) return fail(reply, 404, BOT_NOT_FOUND);
      const { channel, to } = request.body;
      try {
        if (channel === 'telegram') {
          if (!bot.telegramToken) return fail(reply, 400, 'This bot has no Telegram token', 'telegram_token');
          const api = { base: config.telegramApiBase, token: bot.telegramToken };
          await telegramCall(api, 'sendMessage', { chat_id: to, text: TEST_MESSAGE_TEXT });
        } else {
          if (!bot.whatsappToken || !bot.whatsappPhoneId)
            return fail(reply, 400, 'This bot has no WhatsApp token and phone ID', 'whatsapp_token');
          const api = {
            base: config.whatsappApiBase,
            phoneNumberId: bot.whatsappPhoneId,
            token: bot.whatsappToken,
          };
          await whatsappSend(api, {
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to,
            type: 'text',
            text: { preview_url: false, body: TEST_MESSAGE_TEXT },
          });
        }
      } catch (error) {
        const message = error instanceof ChannelApiError ? error.message : String(error);
        await setChannelStatus(app.db, bot.id, channel, { last_error: message, last_error_at: Date.now() });
        return fail(reply, 400, message, 'to');
      }
      await setChannelStatus(app.db, bot.id, channel, {
        last_error: null,
        last_error_at: null,
        last_message_at: Date.now(),
      });
      return { success: true, message: 'Test message sent' };
    },
  );
};

export default statusRoutes;
