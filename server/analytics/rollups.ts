// Hourly rollups of the visit events (issue 19 §5), made by a job: each run rolls the hours that
// ended since the last run (up to a day at a time) into analytics_node_hours and moves the
// watermark, in one transaction, so a run that fails half-way leaves nothing behind and the next
// run does it again. Dashboards read the rollups before the watermark and the raw events after it
// (queries.ts), reading the watermark first, so an hour is never counted twice.
import { sql, type Kysely } from 'kysely';
import { HOUR_MS } from '../../src/core/analytics/index.js';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database>;

const WATERMARK = 'visits';
/** A turn's events carry the turn's start time and commit a little later: hours are rolled after this. */
export const ROLLUP_GRACE_MS = 60_000;
const HOURS_PER_RUN = 24;

/** Where the rollups end (events at or after it are read raw); 0 before the first roll. */
export async function rolledUntil(db: Db): Promise<number> {
  const row = await db
    .selectFrom('analytics_rollups')
    .select('rolled_until')
    .where('name', '=', WATERMARK)
    .executeTakeFirst();
  return row ? Number(row.rolled_until) : 0;
}

const floorHour = (at: number) => at - (at % HOUR_MS);

/** Rolls the hours that have ended; answers the hours rolled. Safe to run on several servers at once. */
export async function rollUp(db: Db, now = Date.now()): Promise<number> {
  const end = floorHour(now - ROLLUP_GRACE_MS);
  let rolled = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      let start = await rolledUntil(trx);
      if (start === 0) {
        const first = await trx
          .selectFrom('analytics_visits')
          .select(sql<number>`min(at)`.as('at'))
          .executeTakeFirst();
        start = first?.at == null ? end : floorHour(Number(first.at));
      }
      if (start >= end) return 0;
      const stop = Math.min(end, start + HOURS_PER_RUN * HOUR_MS);
      // Idempotent: a run over the same hours replaces what an interrupted one wrote.
      await trx
        .deleteFrom('analytics_node_hours')
        .where('hour', '>=', start)
        .where('hour', '<', stop)
        .execute();
      await sql`insert into analytics_node_hours
        (bot_id, flow_name, flow_version, hour, node_id, from_node, channel, language, visits, guests)
        select bot_id, flow_name, flow_version, at - (at % ${HOUR_MS}) as hour, node_id,
          coalesce(from_node, '') as from_node, channel, language, count(*), sum(first)
        from analytics_visits where at >= ${start} and at < ${stop}
        group by 1, 2, 3, 4, 5, 6, 7, 8`.execute(trx);
      await trx
        .insertInto('analytics_rollups')
        .values({ name: WATERMARK, rolled_until: stop })
        .onConflict((oc) => oc.column('name').doUpdateSet({ rolled_until: stop }))
        .execute();
      return (stop - start) / HOUR_MS;
    });
    rolled += done;
    if (!done) return rolled;
  }
}

/**
 * Removes raw events older than the retention period (ANALYTICS_RETENTION_DAYS), never past the
 * watermark: an hour is rolled up before its events go. Rollups and outcome rows stay.
 */
export async function purgeEvents(db: Db, retentionDays: number, now = Date.now()): Promise<number> {
  const cutoff = Math.min(now - retentionDays * 24 * HOUR_MS, await rolledUntil(db));
  const visits = await db.deleteFrom('analytics_visits').where('at', '<', cutoff).executeTakeFirst();
  const calls = await db.deleteFrom('analytics_calls').where('at', '<', cutoff).executeTakeFirst();
  return Number(visits.numDeletedRows) + Number(calls.numDeletedRows);
}
