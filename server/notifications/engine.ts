// The notification engine (issue 18): one tick job a minute finds what is due (due.ts: one indexed
// query), queues each due occurrence once (notification_runs and the jobs' dedupe keys), fans it
// out to the recipients in pages, and delivers to them in batches (batch.ts: one job per batch of
// guests). Each (guest, occurrence) is delivered once by its row in notification_deliveries, unique
// per pair and written with the effect — so restarts, retries and several server instances never
// send an occurrence twice or skip one; a guest a batch cannot finish, and a subscription's push,
// get a delivery job of their own whose dedupe key is that pair (deliver.ts). After a downtime,
// occurrences of the last hour are sent once and older ones are skipped and logged.
import type https from 'node:https';
import type { Kysely } from 'kysely';
import type { Database, DeliverySource } from '../db/schema.js';
import type { JobRunner, NewJob } from '../jobs/index.js';
import type { ChatService } from '../conversations/chat-service.js';
import {
  chunksOf,
  createLimit,
  nextOccurrences,
  occurrencesBetween,
  type Limit,
} from '../../src/core/notifications/index.js';
import { retryDelayMs } from '../jobs/backoff.js';
import { findDue, type DueRow } from './due.js';
import { loadSource, type DueSource } from './schedules.js';
import { deliver, type DeliveryJob } from './deliver.js';
import { deliverBatch, type BatchJob } from './batch.js';
import type { ChannelSenders } from './channels.js';
import type { PushSource } from './push-source.js';
import type { TelegramSlots } from './telegram-slots.js';

type Db = Kysely<Database>;

export const TICK = 'notifications.tick';
export const FANOUT = 'notifications.fanout';
export const DELIVER = 'notifications.deliver';
export const DELIVER_BATCH = 'notifications.batch';

const MINUTE = 60_000;
/** Occurrences missed by longer than this (the server was down) are skipped, not sent late. */
export const CATCH_UP_MS = 60 * MINUTE;
export const MISSED = 'Missed while the server was down (older than an hour)';
/** Guests read per fan-out job. */
const FANOUT_PAGE = 1000;
/** Guests per batch delivery, by default (NOTIFICATION_BATCH). */
export const BATCH_SIZE = 100;
/** Channel calls in flight per instance, by default (as many as its jobs: JOBS_CONCURRENCY). */
const CHANNEL_CALLS = 16;
/** Skipped occurrences logged one by one per tick; more are counted in the last one's reason. */
const MISSED_LOGGED = 100;
/** A schedule with nothing left to run; subscriptions use it (null means "place me"). */
const NEVER = 253_402_300_799_000;

export interface EngineOptions {
  now?: () => number;
  senders?: ChannelSenders;
  onError?: (error: unknown) => void;
  /** Where the Web Push keys live (DATA_DIR). */
  dataDir?: string;
  /** The data of push message types that name a JSON source. */
  pushSource?: PushSource;
  /** Guests per batch delivery job. */
  batchSize?: number;
  /** Channel calls (Telegram, WhatsApp) this instance has in flight at most. */
  channelCalls?: number;
  /** The bot tokens' paces the Telegram sender keeps: batches take their slots a horizon ahead. */
  telegramSlots?: TelegramSlots;
  /** That horizon, in ms (default TELEGRAM_HORIZON_MS). */
  telegramHorizonMs?: number;
}

interface FanoutJob {
  source: DeliverySource;
  id: number;
  occurrenceAt: number;
  root: string;
  botIds: number[];
  after: string;
}

export class NotificationEngine {
  /** The engine's clock (tests set it to move time). */
  now: () => number;
  senders: ChannelSenders;
  /** The limit on channel calls in flight, shared by this instance's batches. */
  private readonly channelCalls: Limit;
  /** The agent Web Push requests go out with (default: Node's; tests trust their fake's certificate). */
  pushAgent: https.Agent | undefined = undefined;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobRunner,
    private readonly chat: ChatService,
    private readonly options: EngineOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.senders = options.senders ?? {};
    this.channelCalls = createLimit(options.channelCalls ?? CHANNEL_CALLS);
  }

  register(): void {
    this.jobs.register<{ minute: number }>(TICK, {
      run: async (payload) => {
        await this.tick(Math.max(this.now(), payload.minute));
        await this.queueTick(payload.minute + MINUTE);
      },
    });
    this.jobs.register<FanoutJob>(FANOUT, { run: (job) => this.fanout(job) });
    this.jobs.register<BatchJob>(DELIVER_BATCH, {
      run: (job) =>
        deliverBatch(
          {
            db: this.db,
            chat: this.chat,
            senders: this.senders,
            now: () => this.now(),
            dataDir: this.options.dataDir,
            pushAgent: this.pushAgent,
            channelCalls: this.channelCalls,
            retryAlone: (guestIds, delayMs) => this.retryAlone(job, guestIds, delayMs),
            handedAlone: (guestIds) => this.handedAlone(job, guestIds),
            telegramSlots: this.options.telegramSlots,
            telegramHorizonMs: this.options.telegramHorizonMs,
          },
          job,
        ),
    });
    this.jobs.register<DeliveryJob>(DELIVER, {
      run: (job) =>
        deliver(
          {
            db: this.db,
            chat: this.chat,
            senders: this.senders,
            now: () => this.now(),
            dataDir: this.options.dataDir,
            pushAgent: this.pushAgent,
            pushSource: this.options.pushSource,
          },
          job,
        ),
    });
  }

  /** Queues the tick of `minute` (epoch ms on a minute); every instance asks, one job runs it. */
  async queueTick(minute = Math.floor(this.now() / MINUTE) * MINUTE): Promise<void> {
    await this.jobs.enqueue({
      kind: TICK,
      payload: { minute },
      runAt: minute,
      dedupeKey: `${TICK}:${minute}`,
    });
  }

  /** Queues every due occurrence; what it did, for tests and the bench. */
  async tick(now = this.now()): Promise<{ due: number; queued: number; missed: number }> {
    const due = await findDue(this.db, now);
    let queued = 0;
    let missed = 0;
    for (const row of due) {
      try {
        const done = await this.runDue(row, now);
        queued += done.queued;
        missed += done.missed;
      } catch (error) {
        this.options.onError?.(error);
      }
    }
    return { due: due.length, queued, missed };
  }

  private async runDue(row: DueRow, now: number): Promise<{ queued: number; missed: number }> {
    const source = await loadSource(this.db, row.source, row.id);
    if (!source?.schedule) {
      await this.moveOn(row, row.source === 'subscription' ? NEVER : null, null);
      return { queued: 0, missed: 0 };
    }
    const from = row.next_run_at ?? (source.lastRunAt === null ? 0 : source.lastRunAt + 1);
    const occurrences = occurrencesBetween(source.schedule, from, now, 100_000);
    const late = occurrences.filter((o) => o.at < now - CATCH_UP_MS);
    const fire = occurrences.filter((o) => o.at >= now - CATCH_UP_MS);
    if (late.length)
      await this.logMissed(
        source,
        late.map((o) => o.at),
      );
    for (const occurrence of fire) await this.queueOccurrence(source, occurrence.at);
    const next = nextOccurrences(source.schedule, now, 1)[0]?.at ?? null;
    const last = occurrences.length ? occurrences[occurrences.length - 1].at : source.lastRunAt;
    await this.moveOn(row, next ?? (row.source === 'subscription' ? NEVER : null), last);
    return { queued: fire.length, missed: late.length };
  }

  private async logMissed(source: DueSource, times: number[]): Promise<void> {
    const now = this.now();
    const logged = times.slice(-MISSED_LOGGED);
    const rows = logged.map((at, i) => ({
      source: source.source,
      source_id: source.id,
      occurrence_at: at,
      state: 'skipped' as const,
      reason: i === 0 && times.length > logged.length ? `${MISSED} (${times.length} occurrences)` : MISSED,
      created_at: now,
    }));
    await this.db
      .insertInto('notification_runs')
      .values(rows)
      .onConflict((oc) => oc.columns(['source', 'source_id', 'occurrence_at']).doNothing())
      .execute();
  }

  /** One occurrence: logged once, then its fan-out (or, for a subscription, its one delivery) queued. */
  private async queueOccurrence(source: DueSource, at: number): Promise<void> {
    await this.db
      .insertInto('notification_runs')
      .values({
        source: source.source,
        source_id: source.id,
        occurrence_at: at,
        state: 'fanned',
        reason: null,
        created_at: this.now(),
      })
      .onConflict((oc) => oc.columns(['source', 'source_id', 'occurrence_at']).doNothing())
      .execute();
    if (source.guestId) {
      await this.jobs.enqueueMany([deliveryJob(source.source, source.id, source.guestId, at, null)]);
      return;
    }
    const job: FanoutJob = {
      source: source.source,
      id: source.id,
      occurrenceAt: at,
      root: source.root ?? 'main',
      botIds: source.botIds,
      after: '',
    };
    await this.jobs.enqueue({
      kind: FANOUT,
      payload: job,
      dedupeKey: `${FANOUT}:${source.source}:${source.id}:${at}:`,
    });
  }

  /**
   * Guests a batch could not finish, each to a delivery job of its own, which retries with
   * back-off (its first try after the back-off's first delay: a channel just answered 5xx; or
   * after the API's retry_after).
   */
  private async retryAlone(job: BatchJob, guestIds: string[], delayMs = retryDelayMs(1)): Promise<void> {
    await this.jobs.enqueueMany(
      guestIds.map((guestId) => ({
        ...deliveryJob(job.source, job.id, guestId, job.occurrenceAt, job.root),
        delayMs,
      })),
    );
  }

  /** Of the batch's guests, those with a delivery job of their own (its dedupe key is taken). */
  private async handedAlone(job: BatchJob, guestIds: string[]): Promise<Set<string>> {
    const keys = guestIds.map((guestId) => deliveryKey(job.source, job.id, guestId, job.occurrenceAt));
    const rows = await this.db
      .selectFrom('jobs')
      .select('dedupe_key')
      .where('dedupe_key', 'in', keys)
      .execute();
    const taken = new Set(rows.map((row) => row.dedupe_key));
    return new Set(guestIds.filter((_, i) => taken.has(keys[i])));
  }

  /** One page of recipients: their batch deliveries, and the next page's fan-out. */
  private async fanout(job: FanoutJob): Promise<void> {
    const guests = await this.db
      .selectFrom('guest_sessions')
      .leftJoin('guest_notification_settings', 'guest_notification_settings.guest_id', 'guest_sessions.id')
      .select('guest_sessions.id')
      .where('guest_sessions.bot_id', 'in', job.botIds)
      .where((eb) =>
        eb.or([
          eb('guest_notification_settings.off', 'is', null),
          eb('guest_notification_settings.off', '=', 0),
        ]),
      )
      .where('guest_sessions.id', '>', job.after)
      .orderBy('guest_sessions.id')
      .limit(FANOUT_PAGE)
      .execute();
    const jobs: NewJob[] = chunksOf(
      guests.map((g) => g.id),
      this.options.batchSize ?? BATCH_SIZE,
    ).map((guestIds) => {
      const batch: BatchJob = {
        source: job.source,
        id: job.id,
        occurrenceAt: job.occurrenceAt,
        root: job.root,
        guestIds,
      };
      // Pages are read in id order, so a fan-out run again makes the same batches (and keys).
      return {
        kind: DELIVER_BATCH,
        payload: batch,
        dedupeKey: `${DELIVER_BATCH}:${job.source}:${job.id}:${job.occurrenceAt}:${guestIds[0]}`,
      };
    });
    if (guests.length === FANOUT_PAGE) {
      const after = guests[guests.length - 1].id;
      jobs.push({
        kind: FANOUT,
        payload: { ...job, after },
        dedupeKey: `${FANOUT}:${job.source}:${job.id}:${job.occurrenceAt}:${after}`,
      });
    }
    await this.jobs.enqueueMany(jobs);
  }

  /** Moves the schedule on to its next occurrence, unless another instance already did. */
  private async moveOn(row: DueRow, next: number | null, last: number | null): Promise<void> {
    const table =
      row.source === 'notification'
        ? 'notifications'
        : row.source === 'subscription'
          ? 'notification_subscriptions'
          : 'bots';
    const nextColumn = row.source === 'scheduler' ? 'scheduler_next_run_at' : 'next_run_at';
    const lastColumn = row.source === 'scheduler' ? 'scheduler_last_run_at' : 'last_run_at';
    await this.db
      .updateTable(table)
      .set({ [nextColumn]: next, [lastColumn]: last } as never)
      .where('id', '=', row.id)
      .where((eb) =>
        row.next_run_at === null
          ? eb(nextColumn as never, 'is', null)
          : eb(nextColumn as never, '=', row.next_run_at as never),
      )
      .execute();
  }
}

/** A one-guest delivery job (its dedupe key: one per source, guest and occurrence). */
export function deliveryJob(
  source: DeliverySource,
  id: number,
  guestId: string,
  at: number,
  root: string | null,
): NewJob {
  const payload: DeliveryJob = { source, id, guestId, occurrenceAt: at, root };
  return { kind: DELIVER, payload, dedupeKey: deliveryKey(source, id, guestId, at) };
}

/** A one-guest delivery's dedupe key: one per (source, guest, occurrence). */
function deliveryKey(source: DeliverySource, id: number, guestId: string, at: number): string {
  return `${DELIVER}:${source}:${id}:${guestId}:${at}`;
}
