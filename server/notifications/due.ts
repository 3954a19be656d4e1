// What the tick finds due (issue 18 item 7): one indexed query over the three schedules the
// engine runs — notifications, notification-node subscriptions (a new or changed one has no
// `next_run_at` yet and is placed by the tick) and the bots' notification_scheduler. An idle
// engine costs this one query a minute, whatever the number of guests.
import { sql, type Kysely } from 'kysely';
import type { Database, DeliverySource } from '../db/schema.js';

export interface DueRow {
  source: DeliverySource;
  id: number;
  next_run_at: number | null;
}

/** How many schedules one tick takes on; the rest wait for the next tick. */
export const DUE_PER_TICK = 500;

export async function findDue(db: Kysely<Database>, now: number): Promise<DueRow[]> {
  const { rows } = await sql<DueRow>`
    select 'notification' as source, id, next_run_at from notifications where next_run_at <= ${now}
    union all
    select 'subscription' as source, id, next_run_at from notification_subscriptions
      where next_run_at <= ${now} or next_run_at is null
    union all
    select 'scheduler' as source, id, scheduler_next_run_at as next_run_at from bots
      where scheduler_next_run_at <= ${now}
    limit ${DUE_PER_TICK}`.execute(db);
  return rows.map((row) => ({
    source: row.source,
    id: Number(row.id),
    next_run_at: row.next_run_at === null ? null : Number(row.next_run_at),
  }));
}
