// TELEGRAM_MODE=polling (issue 16 item 1): for development without a public HTTPS address, the
// server reads updates with getUpdates long polls instead of a webhook. One instance polls at a
// time: the poller is one job (dedupe key `telegram-poller`) that the jobs table lets one runner
// hold; each run is one long poll for every bot with a token, after which the job puts itself back
// in the queue, so a killed instance's poller is taken over once its lease runs out. Updates go
// to the same inbox as webhook updates (a re-read update is stored once): Telegram forgets them
// only when a later poll confirms them (offset).
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import { beforeDatabaseCloses } from '../../db/close-hooks.js';
import type { Database } from '../../db/schema.js';
import { openToken } from '../../repos/token-box.js';
import { RetryLaterError, type JobRunner } from '../../jobs/index.js';
import type { ConversationDrain } from '../conversation-drain.js';
import { chatOfUpdate, type TelegramUpdate } from './adapter.js';
import { telegramCall } from './api.js';
import { TELEGRAM_ALLOWED_UPDATES } from './connect.js';

export const POLL_JOB = 'telegram.poll';
const POLLER_KEY = 'telegram-poller';

export function startTelegramPoller(
  db: Kysely<Database>,
  config: Config,
  runner: JobRunner,
  drain: ConversationDrain,
  options: { timeoutSeconds?: number } = {},
): void {
  const timeout = options.timeoutSeconds ?? 10;
  const stopping = new AbortController();
  beforeDatabaseCloses(db, async () => stopping.abort());
  /** The next update_id to ask for, per token (confirms the ones before it). */
  const offsets = new Map<string, number>();

  runner.register(POLL_JOB, {
    run: async (_payload, job) => {
      const signal = AbortSignal.any([job.signal, stopping.signal]);
      const bots = await db
        .selectFrom('bots')
        .select(['id', 'telegram_token'])
        .where('telegram_token', '!=', '')
        .execute();
      let failed = bots.length === 0;
      await Promise.all(
        bots.map(async (bot) => {
          const token = openToken(db, bot.telegram_token);
          const api = { base: config.telegramApiBase, token };
          const offset = offsets.get(token);
          const updates = await telegramCall<TelegramUpdate[]>(
            api,
            'getUpdates',
            { timeout, allowed_updates: TELEGRAM_ALLOWED_UPDATES, ...(offset ? { offset } : {}) },
            (timeout + 5) * 1000,
            signal,
          ).catch(() => {
            failed = true;
            return [] as TelegramUpdate[];
          });
          for (const update of updates) {
            const chatId = chatOfUpdate(update);
            if (chatId)
              await drain.receive(
                { botId: bot.id, channel: 'telegram', chatId },
                `telegram:${bot.id}:${update.update_id}`,
                update,
              );
            offsets.set(token, update.update_id + 1);
          }
        }),
      );
      // Back in the queue: the next poll may run on any instance — at once after a long poll,
      // a second later when there was nothing to poll or the API refused (never a busy loop).
      throw new RetryLaterError(failed || stopping.signal.aborted ? 1000 : 0, 'polling', true);
    },
  });

  const enqueue = async () => {
    // A poller left done or dead by an older run is queued again.
    await db
      .updateTable('jobs')
      .set({ state: 'queued', run_at: Date.now(), attempts: 0 })
      .where('dedupe_key', '=', POLLER_KEY)
      .where('state', 'in', ['done', 'dead'])
      .execute();
    await runner.enqueue({
      kind: POLL_JOB,
      payload: null,
      dedupeKey: POLLER_KEY,
      maxAttempts: 2_000_000_000,
    });
  };
  void enqueue().catch(() => {});
}
