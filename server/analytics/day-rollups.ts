// The daily rollups (issue 19 §5, migration 019e): each day row is the sum of its UTC day's
// hourly rows. The rollup job remakes, in the transaction that changed some hours, every day
// holding one of them, so a day always equals its hours: late changes (a conversation that goes
// on rolls into the hours it started or left in, maybe days ago) reach the days too, and a roll
// run twice over the same hours cannot count twice.
import { sql, type Kysely } from 'kysely';
import { bucketColumn, DAY_MS, dayOf, LATENCY_BUCKETS } from '../../src/core/analytics/index.js';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database>;

export interface DayRollup {
  hours: 'analytics_node_hours' | 'analytics_left_hours' | 'analytics_call_hours';
  days: 'analytics_node_days' | 'analytics_left_days' | 'analytics_call_days';
  /** The key columns besides the time (hour / day). */
  keys: readonly string[];
  /** The counts, added up. */
  counts: readonly string[];
}

const BUCKETS = Array.from({ length: LATENCY_BUCKETS }, (_, b) => bucketColumn(b));

export const NODE_DAYS: DayRollup = {
  hours: 'analytics_node_hours',
  days: 'analytics_node_days',
  keys: ['bot_id', 'flow_name', 'flow_version', 'node_id', 'from_node', 'channel', 'language'],
  counts: ['visits', 'guests'],
};

export const LEFT_DAYS: DayRollup = {
  hours: 'analytics_left_hours',
  days: 'analytics_left_days',
  keys: ['bot_id', 'flow_name', 'flow_version', 'node_id', 'channel', 'language'],
  counts: ['guests_left'],
};

export const CALL_DAYS: DayRollup = {
  hours: 'analytics_call_hours',
  days: 'analytics_call_days',
  keys: ['bot_id', 'kind', 'channel', 'language'],
  counts: BUCKETS,
};

/** The days holding these hours, each once, in order. */
export function daysOf(hours: Iterable<number>): number[] {
  return [...new Set([...hours].map(dayOf))].sort((a, b) => a - b);
}

/** The days holding the hours of [start, stop). */
export function daysOfSpan(start: number, stop: number): number[] {
  const days: number[] = [];
  for (let day = dayOf(start); day < stop; day += DAY_MS) days.push(day);
  return days;
}

/** Remakes the rollup's given days (every bot's) from their hours. Runs in the roll's transaction. */
export async function remakeDays(trx: Db, rollup: DayRollup, days: readonly number[]): Promise<void> {
  const keys = rollup.keys.join(', ');
  const counts = rollup.counts.join(', ');
  const sums = rollup.counts.map((c) => `sum(${c})`).join(', ');
  for (const day of days) {
    await sql`delete from ${sql.table(rollup.days)} where day = ${day}`.execute(trx);
    await sql`insert into ${sql.table(rollup.days)} (${sql.raw(keys)}, day, ${sql.raw(counts)})
      select ${sql.raw(keys)}, cast(${day} as bigint), ${sql.raw(sums)} from ${sql.table(rollup.hours)}
      where hour >= ${day} and hour < ${day + DAY_MS}
      group by ${sql.raw(keys)}`.execute(trx);
  }
}
