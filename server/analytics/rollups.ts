// Hourly and daily rollups of the analytics (issue 19 §5), made by a job. Each rollup has its
// watermark in analytics_rollups: a run rolls what happened since it (up to the end of a UTC day at
// a time, each in one transaction, so a run that fails half-way leaves nothing behind) and moves
// it; the days whose hours it changed are remade from their hours in the same transaction
// (day-rollups.ts). Dashboards read the days before a watermark, and after it the hours (the
// outcome rows changed since, as they are), reading the watermark first (queries.ts), so nothing
// is counted twice.
// - node hours → their days (here; the fold keeps the node and call hours, fold.ts); outcome rows
//   → analytics_session_hours and analytics_left_hours (session-rollups.ts); call hours → their
//   days; the node, left and call hours each have their days.
import { sql, type Kysely } from 'kysely';
import { dayOf, DAY_MS, HOUR_MS } from '../../src/core/analytics/index.js';
import { isPostgres } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { daysOfSpan, NODE_DAYS, remakeDays } from './day-rollups.js';
import { foldCursor, foldEvents } from './fold.js';
import { rollCalls, rollSessions, firstCall, firstSessionChange } from './session-rollups.js';

type Db = Kysely<Database>;

export type RollupName = 'visits' | 'sessions' | 'calls';

/** A turn's events carry the turn's start time and commit a little later: hours are rolled after this. */
export const ROLLUP_GRACE_MS = 60_000;

/** Where a rollup ends (rows at or after it are read raw); 0 before its first roll. */
export async function rolledUntil(db: Db, name: RollupName = 'visits'): Promise<number> {
  const row = await db
    .selectFrom('analytics_rollups')
    .select('rolled_until')
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? Number(row.rolled_until) : 0;
}

/** Every watermark at once (one read for a dashboard). */
export async function watermarks(db: Db): Promise<Record<RollupName, number>> {
  const rows = await db.selectFrom('analytics_rollups').select(['name', 'rolled_until']).execute();
  const marks = { visits: 0, sessions: 0, calls: 0 };
  for (const row of rows) if (row.name in marks) marks[row.name as RollupName] = Number(row.rolled_until);
  return marks;
}

const floorHour = (at: number) => at - (at % HOUR_MS);

/**
 * The watermark, read for a roll: on PostgreSQL its row is locked to the transaction's end, so two
 * servers rolling at once take turns and the second starts where the first stopped (SQLite's
 * transactions take the write lock as they begin).
 */
async function lockedWatermark(trx: Db, name: RollupName): Promise<number> {
  if (!isPostgres(trx)) return rolledUntil(trx, name);
  await trx
    .insertInto('analytics_rollups')
    .values({ name, rolled_until: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await trx
    .selectFrom('analytics_rollups')
    .select('rolled_until')
    .where('name', '=', name)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return Number(row.rolled_until);
}

interface Rollup {
  name: RollupName;
  /** The time of the oldest row to roll (null: none), for the first run. */
  first(trx: Db): Promise<number | null>;
  /** Rolls the rows of [start, stop) into the rollup. */
  roll(trx: Db, start: number, stop: number): Promise<void>;
}

/** The node hours grow as the fold adds turns (fold.ts): rolling them makes their days. */
async function rollVisits(trx: Db, start: number, stop: number) {
  await remakeDays(trx, NODE_DAYS, daysOfSpan(start, stop));
}

async function firstVisit(trx: Db): Promise<number | null> {
  const first = await trx
    .selectFrom('analytics_node_hours')
    .select(sql<number | null>`min(hour)`.as('at'))
    .executeTakeFirst();
  return first?.at == null ? null : Number(first.at);
}

const ROLLUPS: Rollup[] = [
  { name: 'visits', first: firstVisit, roll: rollVisits },
  { name: 'sessions', first: firstSessionChange, roll: rollSessions },
  { name: 'calls', first: firstCall, roll: rollCalls },
];

async function rollOne(db: Db, rollup: Rollup, end: number): Promise<number> {
  let rolled = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      let start = await lockedWatermark(trx, rollup.name);
      if (start === 0) {
        const first = await rollup.first(trx);
        start = first === null ? end : floorHour(first);
      }
      if (start >= end) return 0;
      // Up to the day's end: a run remakes one day (two for a window across midnight).
      const stop = Math.min(end, dayOf(start) + DAY_MS);
      await rollup.roll(trx, start, stop);
      await trx
        .insertInto('analytics_rollups')
        .values({ name: rollup.name, rolled_until: stop })
        .onConflict((oc) => oc.column('name').doUpdateSet({ rolled_until: stop }))
        .execute();
      return (stop - start) / HOUR_MS;
    });
    rolled += done;
    if (!done) return rolled;
  }
}

/**
 * Rolls the hours that have ended (a minute's grace), every rollup; answers the hours rolled.
 * Safe to run on several servers at once. `now` is the clock: never ahead of the real one outside
 * tests (a turn stored later with an earlier time would be missed).
 */
export async function rollUp(db: Db, now = Date.now()): Promise<number> {
  // The hours' own counts first: a turn not folded yet (no server folding for a while) would miss its day.
  await foldEvents(db);
  const end = floorHour(now - ROLLUP_GRACE_MS);
  let rolled = 0;
  for (const rollup of ROLLUPS) rolled += await rollOne(db, rollup, end);
  return rolled;
}

/**
 * Removes the turns' raw events older than the retention period (ANALYTICS_RETENTION_DAYS), only
 * folded ones, and never the last folded one: SQLite gives a new row the highest id plus one, and
 * the fold's cursor must stay below every new id. The hourly and daily counts and the outcome
 * rows stay.
 */
export async function purgeEvents(db: Db, retentionDays: number, now = Date.now()): Promise<number> {
  const cutoff = now - retentionDays * 24 * HOUR_MS;
  const purged = await db
    .deleteFrom('analytics_turns')
    .where('at', '<', cutoff)
    .where('id', '<', await foldCursor(db))
    .executeTakeFirst();
  return Number(purged.numDeletedRows);
}
