// The chat channels (ARCHITECTURE.md "Chatting"): the web chat routes, and Telegram and WhatsApp
// on the conversation drain (webhooks that store and acknowledge, jobs that converse and send).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { telegramPace } from '../../src/core/channels/index.js';
import { chatServiceOf } from '../conversations/registry.js';
import { ConversationDrain } from './conversation-drain.js';
import { SendPace } from './send-pace.js';
import { telegramAdapter } from './telegram/adapter.js';
import { startTelegramPoller } from './telegram/poller.js';
import { telegramWebhook } from './telegram/webhook.js';
import statusRoutes from './status-routes.js';
import web from './web/index.js';
import { whatsappAdapter } from './whatsapp/adapter.js';
import { whatsappWebhook } from './whatsapp/webhook.js';

const drains = new WeakMap<object, ConversationDrain>();

/** The server's one drain (its job kind is registered once on the app's runner). */
export function drainOf(app: FastifyInstance): ConversationDrain {
  let drain = drains.get(app.db);
  if (!drain) {
    const chats = chatServiceOf(app);
    drain = new ConversationDrain(app.db, chats, app.jobs, { retryBaseMs: app.config.channelRetryBaseMs });
    const { telegramChatIntervalMs, telegramSendsPerSecond } = app.config;
    const pace = new SendPace(app.db, telegramPace(telegramChatIntervalMs, telegramSendsPerSecond));
    drain.add(telegramAdapter(app.config, chats.ports.speech, pace));
    drain.add(whatsappAdapter(app.config, chats.ports.speech));
    drains.set(app.db, drain);
    if (app.config.telegramMode === 'polling') startTelegramPoller(app.db, app.config, app.jobs, drain);
  }
  return drain;
}

const channels: FastifyPluginAsync = async (app) => {
  await app.register(web);
  await app.register(telegramWebhook(drainOf(app)));
  await app.register(whatsappWebhook(drainOf(app)));
  await app.register(statusRoutes);
};

export default channels;
