// The notification engine (server/notifications) on the server's jobs runner: its job kinds are
// registered while the app is built, and once the server is ready it queues the current minute's
// tick (every instance asks; the tick's dedupe key lets one run it).
import fp from 'fastify-plugin';
import { chatServiceOf } from '../conversations/registry.js';
import { NotificationEngine } from '../notifications/engine.js';
import { channelSenders } from '../notifications/channel-senders.js';
import { telegramSlots } from '../notifications/telegram-slots.js';
import { SendPace } from '../channels/send-pace.js';
import { telegramPace } from '../../src/core/channels/index.js';
import { pushSource } from '../notifications/push-source.js';
import { createHttpPort } from '../adapters/http-port.js';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationEngine;
  }
}

/** The share of a bot token's rate notification broadcasts use. */
const NOTIFICATION_SHARE_OF_RATE = 0.95;

export default fp(async (app) => {
  // Telegram: the bot token's rate, on the budget the conversations' sends use
  // (TELEGRAM_SENDS_PER_SECOND), a little under it: a broadcast keeps the token at its limit for
  // a long stretch, and at exactly the limit any jitter of the sends (a busy event loop, the
  // network) makes Telegram count 31 in some second and answer 429 (each costing the token a
  // retry_after). The conversations' sends share the budget at the full rate.
  const pace = telegramPace(
    app.config.telegramChatIntervalMs,
    app.config.telegramSendsPerSecond * NOTIFICATION_SHARE_OF_RATE,
  );
  const slots = telegramSlots(new SendPace(app.db, pace), pace);
  const engine = new NotificationEngine(app.db, app.jobs, chatServiceOf(app), {
    dataDir: app.config.dataDir,
    pushSource: pushSource(
      createHttpPort({
        allowPrivateTargets: app.config.allowPrivateTargets,
        allowedHosts: app.config.allowedPrivateHosts,
      }),
      app.config.pushMessageSources,
    ),
    senders: channelSenders(app.db, app.config, slots),
    // Batches take the token's slots a short horizon ahead and come back for the rest.
    telegramSlots: slots,
    batchSize: app.config.notificationBatch,
    // As many calls in flight as one delivery a job had: a kill leaves no more unrecorded.
    channelCalls: app.config.jobsConcurrency,
    onError: (error) => app.log.warn({ err: error }, 'notification tick failed'),
  });
  engine.register();
  app.decorate('notifications', engine);
  app.addHook('onReady', async () => {
    if (app.config.notificationTicks) await engine.queueTick();
  });
});
