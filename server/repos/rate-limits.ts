// Rate-limit counters shared by every server instance (migration 011). A call counts with one
// statement — insert the key's first hit, or add one to its window, or start a new window when
// the last one ended — so two instances counting the same caller at once never lose a hit:
// PostgreSQL locks the conflicting row, SQLite has a single writer.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database>;

export interface Hits {
  /** Calls counted in the current window, this one included. */
  hits: number;
  /** When the current window ends (epoch ms). */
  windowEnd: number;
}

const ended = sql`rate_limit_counters.window_end <= excluded.window_start`;

/** Counts one call of `key` in a window of `windowMs` that starts at its first call. */
export async function countHit(db: Db, key: string, windowMs: number, now = Date.now()): Promise<Hits> {
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key, window_start: now, window_end: now + windowMs, hits: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hits: sql`case when ${ended} then 1 else rate_limit_counters.hits + 1 end`,
        window_start: sql`case when ${ended} then excluded.window_start else rate_limit_counters.window_start end`,
        window_end: sql`case when ${ended} then excluded.window_end else rate_limit_counters.window_end end`,
      }),
    )
    .returning(['hits', 'window_end'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), windowEnd: Number(row.window_end) };
}

/** The calls counted for `key` in its current window, without counting one (0 when none). */
export async function readHits(db: Db, key: string, now = Date.now()): Promise<Hits> {
  const row = await db
    .selectFrom('rate_limit_counters')
    .select(['hits', 'window_end'])
    .where('key', '=', key)
    .where('window_end', '>', now)
    .executeTakeFirst();
  return row ? { hits: Number(row.hits), windowEnd: Number(row.window_end) } : { hits: 0, windowEnd: now };
}

/** Forgets the windows that ended before `now`; returns how many. */
export async function deleteEndedWindows(db: Db, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('rate_limit_counters').where('window_end', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
