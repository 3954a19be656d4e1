// Each source's schedule and recipients, read when the tick finds it due: a notification runs its
// flow template (or the bot's main flow) for the guests of its bots; a subscription pushes its
// template to one guest in the guest's time zone; a bot's notification_scheduler runs its flow
// for the bot's guests (in UTC: a bot has no zone of its own).
import type { Kysely } from 'kysely';
import type { Database, DeliverySource } from '../db/schema.js';
import {
  dailySchedule,
  DEFAULT_ZONE,
  scheduleOf,
  type Schedule,
} from '../../src/core/notifications/index.js';
import { fieldsOf } from './store.js';

type Db = Kysely<Database>;

/** The zone of guests whose client never said (channels): the bots' default. */
export const DEFAULT_GUEST_ZONE = DEFAULT_ZONE;

export interface DueSource {
  source: DeliverySource;
  id: number;
  schedule: Schedule | null;
  lastRunAt: number | null;
  /** Whose guests receive it (notification, scheduler), or the one guest (subscription). */
  botIds: number[];
  guestId: string | null;
  /** The flow each guest runs (a template's name, or main); null for a subscription's text. */
  root: string | null;
}

interface BotScheduler {
  enabled?: boolean;
  flow_id?: number;
  start_at?: string;
  frequency?: number;
}

export function parseScheduler(text: string): BotScheduler {
  try {
    return JSON.parse(text) as BotScheduler;
  } catch {
    return {};
  }
}

export async function loadSource(db: Db, source: DeliverySource, id: number): Promise<DueSource | null> {
  if (source === 'notification') {
    const row = await db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const fields = fieldsOf(row);
    let root = 'main';
    let target = fields.bot_id;
    if (fields.template_only) {
      const flow = await db
        .selectFrom('flows')
        .select(['name', 'bot_id'])
        .where('id', '=', fields.flow_template_id!)
        .executeTakeFirst();
      if (!flow) return null;
      root = flow.name;
      target = flow.bot_id;
    }
    return {
      source,
      id,
      schedule: fields.enabled ? scheduleOf(fields) : null,
      lastRunAt: row.last_run_at === null ? null : Number(row.last_run_at),
      botIds: [...new Set([target!, ...fields.interacted_bots])],
      guestId: null,
      root,
    };
  }
  if (source === 'subscription') {
    const row = await db
      .selectFrom('notification_subscriptions')
      .leftJoin(
        'guest_notification_settings',
        'guest_notification_settings.guest_id',
        'notification_subscriptions.guest_id',
      )
      .select([
        'notification_subscriptions.guest_id',
        'notification_subscriptions.bot_id',
        'start_at',
        'frequency',
        'notification_subscriptions.updated_at',
        'last_run_at',
        'guest_notification_settings.timezone',
      ])
      .where('notification_subscriptions.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const anchor = Number(row.updated_at);
    return {
      source,
      id,
      schedule: dailySchedule(row.start_at, row.frequency, anchor, row.timezone || DEFAULT_GUEST_ZONE),
      lastRunAt: row.last_run_at === null ? null : Number(row.last_run_at),
      botIds: [row.bot_id],
      guestId: row.guest_id,
      root: null,
    };
  }
  const bot = await db
    .selectFrom('bots')
    .select(['id', 'notification_scheduler', 'updated_at', 'scheduler_last_run_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!bot) return null;
  const scheduler = parseScheduler(bot.notification_scheduler);
  const flow = scheduler.flow_id
    ? await db
        .selectFrom('flows')
        .select('name')
        .where('id', '=', scheduler.flow_id)
        .where('bot_id', '=', id)
        .executeTakeFirst()
    : undefined;
  return {
    source,
    id,
    schedule:
      scheduler.enabled && scheduler.start_at ? schedulerSchedule(scheduler, Number(bot.updated_at)) : null,
    lastRunAt: bot.scheduler_last_run_at === null ? null : Number(bot.scheduler_last_run_at),
    botIds: [id],
    guestId: null,
    root: flow?.name ?? 'main',
  };
}

export function schedulerSchedule(scheduler: BotScheduler, anchor: number): Schedule | null {
  if (!scheduler.enabled || !scheduler.start_at) return null;
  return dailySchedule(
    scheduler.start_at,
    Math.max(1, Number(scheduler.frequency) || 24),
    anchor,
    DEFAULT_GUEST_ZONE,
  );
}
