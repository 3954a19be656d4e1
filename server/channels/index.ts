// The chat channels (ARCHITECTURE.md "Chatting"): the web chat routes, and Telegram and WhatsApp
// on the conversation drain (webhooks that store and acknowledge, jobs that converse and send).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { telegramPace } from '../../src/core/channels/index.js';
import { chatServiceOf } from '../conversations/registry.js';
import { beforeDatabaseCloses } from '../db/close-hooks.js';
import { listen } from '../db/listen.js';
import { JobRunner } from '../jobs/index.js';
import { ConversationDrain } from './conversation-drain.js';
import { SendPace } from './send-pace.js';
import { telegramAdapter } from './telegram/adapter.js';
import { startTelegramPoller } from './telegram/poller.js';
import { telegramWebhook } from './telegram/webhook.js';
import statusRoutes from './status-routes.js';
import web from './web/index.js';
import { whatsappAdapter } from './whatsapp/adapter.js';
import { TURNS_STORED } from './webhook-stores.js';
import { whatsappWebhook } from './whatsapp/webhook.js';

const drains = new WeakMap<object, ConversationDrain>();

/**
 * The runner of the conversations' turns, apart from the app's: a turn is mostly waiting (a few
 * round trips to the database, a call to the channel's API), 100 ms and more on a busy host, so
 * the app's 16 slots carried fewer than 200 turns a second and updates waited seconds for one
 * (bench/channels.ts on PostgreSQL: update → claimed p50 4.4 s). Its own slots also keep a burst of
 * chats from holding up notification deliveries, and theirs from holding up the chats.
 */
function turnRunner(app: FastifyInstance): JobRunner {
  const runner = new JobRunner(app.db, {
    concurrency: app.config.channelTurnsConcurrency,
    leaseMs: app.config.jobsLeaseMs,
    onError: (error, job) => app.log.warn({ err: error, job: job?.id, kind: job?.kind }, 'job failed'),
  });
  let stopListening = async () => {};
  app.addHook('onReady', async () => {
    runner.start();
    // Turns stored by another instance (PostgreSQL): looked for at once, not at the next poll.
    stopListening = listen(app.db, TURNS_STORED, () => runner.wakeUp());
  });
  beforeDatabaseCloses(app.db, async () => {
    await stopListening();
    await runner.stop();
  });
  return runner;
}

/** The server's one drain (its job kind is registered once, on its own runner). */
export function drainOf(app: FastifyInstance): ConversationDrain {
  let drain = drains.get(app.db);
  if (!drain) {
    const chats = chatServiceOf(app);
    drain = new ConversationDrain(app.db, chats, turnRunner(app), {
      retryBaseMs: app.config.channelRetryBaseMs,
    });
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
