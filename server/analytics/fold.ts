// The fold (issue 19 §1, §5): adds the turns' raw events (analytics_turns, one per turn) up into
// the hourly node and call counters and the outcome rows, a batch at a time, in order. Its cursor
// (the `turns` row of analytics_rollups: the last event id folded) moves in the transaction that
// writes the batch's sums, and only from where the batch was read, so each event is counted once
// even when several servers fold at once or one dies half-way. Every server folds each second and
// before any read of the figures (AnalyticsFold.run), so the dashboard is exact and live without
// the turn writing those rows. On SQLite the SQLite thread runs each batch whole, in one of its
// own transactions (fold-on-thread.ts); elsewhere the server reads, adds up and writes here.
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { CallHourCount, TurnFold } from '../../src/core/analytics/index.js';
import { directPostgres, directSqlite, hotSql, runHot } from '../db/connect.js';
import { isPostgres } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import {
  ADD_CALL_HOURS,
  ADD_NODE_HOURS,
  BUCKETS,
  CURSOR,
  FOLD_BATCH,
  foldRows,
  foldRowWrites,
  MOVE_CURSOR_SQL,
  READ_EVENTS_SQL,
  type EventRow,
  type FoldCount,
} from './fold-sql.js';
import { OUTCOME_MERGE } from './outcome-columns.js';

type Db = Kysely<Database>;

/** How often each server folds. */
export const FOLD_MS = 1000;

/** The last event id folded (the purge keeps every event after it). */
export async function foldCursor(db: Db): Promise<number> {
  const row = await db
    .selectFrom('analytics_rollups')
    .select('rolled_until')
    .where('name', '=', CURSOR)
    .executeTakeFirst();
  return row ? Number(row.rolled_until) : 0;
}

const newestEvent = async (db: Db) =>
  Number(
    (await sql<{ id: number | null }>`select max(id) as id from analytics_turns`.execute(db)).rows[0]?.id ??
      0,
  );

/**
 * PostgreSQL: the id up to which every event is stored for good. Ids are taken as inserts run and
 * the inserts commit in any order, so a higher id can be visible before a lower one. A SHARE lock
 * waits for the inserts in flight (and holds new ones back for this short transaction): every id
 * up to the newest one read under it is committed or gone. SQLite has one writer at a time: its
 * ids are committed in order, and whatever a transaction sees is settled.
 */
async function settledEvent(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`lock table analytics_turns in share mode`.execute(trx);
    return newestEvent(trx);
  });
}

const MOVE_CURSOR = hotSql('analytics_fold_cursor', MOVE_CURSOR_SQL);
const READ_EVENTS = hotSql('analytics_fold_read', READ_EVENTS_SQL);

/**
 * PostgreSQL: the fold's writes and the cursor's move as one statement (one round trip, atomic on
 * its own), each table's rows read from one JSON parameter as rows of the table's own type. The
 * sums are written only when the cursor moved from where the batch was read.
 */
const FOLD_SQL = `
  with moved as (
    ${MOVE_CURSOR.postgres} returning 1
  ), node_hours as (
    insert into analytics_node_hours
    select * from json_populate_recordset(null::analytics_node_hours, $3::json) where exists (select from moved)
    ${ADD_NODE_HOURS}
  ), call_hours as (
    insert into analytics_call_hours
    select * from json_populate_recordset(null::analytics_call_hours, $4::json) where exists (select from moved)
    ${ADD_CALL_HOURS}
  ), outcomes as (
    insert into analytics_sessions
    select * from json_populate_recordset(null::analytics_sessions, $5::json) where exists (select from moved)
    ${OUTCOME_MERGE}
  )
  select count(*)::int as moved from moved`;

/** A call hour as a row of analytics_call_hours: its histogram as the bucket columns. */
function callHourRow({ counts, ...key }: CallHourCount) {
  const row: Record<string, unknown> = key;
  counts.forEach((count, b) => (row[BUCKETS[b]] = count));
  return row;
}

/**
 * Writes a fold and moves the cursor from `cursor` to `last`, in one transaction; false when
 * another fold moved the cursor first (its writes then hold these events).
 */
async function commitFold(db: Db, cursor: number, last: number, fold: TurnFold): Promise<boolean> {
  const pool = directPostgres(db);
  if (pool) {
    const values = [
      last,
      cursor,
      JSON.stringify(fold.nodeHours),
      JSON.stringify(fold.callHours.map(callHourRow)),
      JSON.stringify(fold.outcomes),
    ];
    const { rows } = await pool.query<{ moved: number }>({ name: 'analytics_fold', text: FOLD_SQL, values });
    return rows[0].moved > 0;
  }
  return db.transaction().execute(async (trx) => {
    if (!(await runHot(trx, MOVE_CURSOR, [last, cursor])).changes) return false;
    for (const [text, params] of foldRowWrites(fold)) await trx.executeQuery(CompiledQuery.raw(text, params));
    return true;
  });
}

/** Folds the next batch of events up to `until` (folded 0: none left). */
async function foldBatch(db: Db, until: number): Promise<FoldCount> {
  for (;;) {
    const cursor = await foldCursor(db);
    const { rows } = await runHot<EventRow>(db, READ_EVENTS, [cursor, until, FOLD_BATCH]);
    if (!rows.length) return { folded: 0, unreadable: 0 };
    const fold = foldRows(rows);
    if (await commitFold(db, cursor, Number(rows[rows.length - 1].id), fold))
      return { folded: rows.length, unreadable: fold.unreadable };
    // Another server folded from the same cursor: read on from where it stopped.
  }
}

/** Folds every event stored before the call. */
export async function foldEvents(db: Db): Promise<FoldCount> {
  const count = { folded: 0, unreadable: 0 };
  // Nothing new (an idle server's every second): no lock, no transaction.
  if ((await newestEvent(db)) <= (await foldCursor(db))) return count;
  const thread = directSqlite(db)?.thread;
  const until = isPostgres(db) ? await settledEvent(db) : Number.MAX_SAFE_INTEGER;
  for (;;) {
    const batch = thread ? await thread.fold() : await foldBatch(db, until);
    count.folded += batch.folded;
    count.unreadable += batch.unreadable;
    if (batch.folded < FOLD_BATCH) return count;
  }
}

/**
 * A server's fold: one at a time, each second and on demand. `run` answers once every event
 * stored before it was called is folded: a fold already going may have started before them, so
 * callers who arrive meanwhile share one more run after it.
 */
export class AnalyticsFold {
  private running: Promise<FoldCount> | null = null;
  private next: Promise<FoldCount> | null = null;
  private timer: NodeJS.Timeout | null = null;

  /** `onUnreadable`: told how many events a fold skipped because their text is not an event. */
  constructor(
    private readonly db: Db,
    private readonly onUnreadable: (count: number) => void = () => {},
  ) {}

  run(): Promise<FoldCount> {
    if (!this.running) return this.start();
    this.next ??= this.running
      .catch(() => null)
      .then(() => {
        this.next = null;
        return this.start();
      });
    return this.next;
  }

  private start(): Promise<FoldCount> {
    const run = foldEvents(this.db)
      .then((count) => {
        if (count.unreadable) this.onUnreadable(count.unreadable);
        return count;
      })
      .finally(() => {
        if (this.running === run) this.running = null;
      });
    this.running = run;
    return run;
  }

  /** Folds every `ms`; a failed fold (database busy or closing) is retried by the next. */
  every(ms: number, onError: (error: unknown) => void): void {
    this.timer = setInterval(() => this.run().catch(onError), ms);
    this.timer.unref();
  }

  /** Stops the timer and waits for the fold in flight. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([this.running, this.next]);
  }
}
