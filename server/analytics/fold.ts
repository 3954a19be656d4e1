// The fold (issue 19 §1, §5): adds the turns' raw events (analytics_turns, one per turn) up into
// the hourly node and call counters and the outcome rows, a batch at a time, in order. Its cursor
// (the `turns` row of analytics_rollups: the last event id folded) moves in the transaction that
// writes the batch's sums, and only from where the batch was read, so each event is counted once
// even when several servers fold at once or one dies half-way. Every server folds each second and
// before any read of the figures (AnalyticsFold.run), so the dashboard is exact and live without
// the turn writing those rows. Each batch runs off the main thread, which answers every chat turn,
// on the fold's own thread at the lowest CPU priority (fold-thread.ts): on PostgreSQL whole, with
// its own connection (fold-postgres.ts); on SQLite its reading and adding up (fold-sqlite.ts),
// and the SQLite thread runs its writes (foldBatchSqlite).
import { CompiledQuery, sql, type Kysely } from 'kysely';
import {
  foldParsedTurns,
  parseStoredTurns,
  takeSessionAnswers,
  type SessionAnswers,
  type StoredAnswers,
  type StoredReached,
} from '../../src/core/analytics/index.js';
import { directSqlite, hotSql, postgresFold, runHot } from '../db/connect.js';
import { isPostgres } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import type { SqliteThread, Write } from '../db/sqlite-thread.js';
import type { BatchCount } from './fold-postgres.js';
import type { SqliteFoldThread } from './fold-thread.js';
import {
  CURSOR,
  FOLD_BATCH,
  foldRowWrites,
  MOVE_CURSOR_SQL,
  READ_EVENTS_SQL,
  SESSION_ANSWERS_COLUMNS,
  storedRow,
  type EventRow,
  type FoldCount,
} from './fold-sql.js';

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
 * ids are committed in order, and whatever a transaction sees is settled. The lock stalls every
 * turn's write for as long as the slowest insert in flight takes, so a fold takes it only when it
 * must (foldEvents).
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
 * SQLite without its thread (stopped, or the handle inside a transaction): a batch through Kysely,
 * on the main thread. The fold threads' batches (foldBatchSqlite, fold-postgres.ts) are the ones
 * a running server folds with.
 */
async function foldBatch(db: Db): Promise<FoldCount> {
  for (;;) {
    const cursor = await foldCursor(db);
    const { rows } = await runHot<EventRow>(db, READ_EVENTS, [cursor, FOLD_BATCH]);
    if (!rows.length) return { folded: 0, unreadable: 0 };
    const parsed = parseStoredTurns(rows.map(storedRow));
    // Read before the cursor moves: a fold that moved it first wrote these rows, and this one then
    // writes nothing and reads them again.
    const reached = await readReached(db, parsed.guests);
    const fold = foldParsedTurns(parsed, (guest) => reached.get(guest));
    await takeStoredAnswers(db, fold.sessionAnswers);
    const moved = await db.transaction().execute(async (trx) => {
      if (!(await runHot(trx, MOVE_CURSOR, [Number(rows[rows.length - 1].id), cursor])).changes) return false;
      for (const [text, params] of foldRowWrites(fold))
        await trx.executeQuery(CompiledQuery.raw(text, params));
      return true;
    });
    if (moved) return { folded: rows.length, unreadable: fold.unreadable };
    // Another server folded from the same cursor: read on from where it stopped.
  }
}

/** The stored outcome rows of a batch's guests, for the nodes each has reached (one query a batch). */
async function readReached(db: Db, guests: Set<string>): Promise<Map<string, StoredReached>> {
  if (!guests.size) return new Map();
  const { rows } = await sql<StoredReached & { guest_id: string }>`select guest_id, version, reached
    from analytics_sessions where guest_id in (${sql.join([...guests])})`.execute(db);
  return new Map(rows.map((row) => [row.guest_id, row]));
}

/** The stored answers of the guests whose events recorded their row version instead (one query a batch). */
async function takeStoredAnswers(db: Db, sessionAnswers: SessionAnswers[]): Promise<void> {
  if (!sessionAnswers.length) return;
  const guests = sessionAnswers.map((s) => s.outcome.guest_id);
  const { rows } = await sql<StoredAnswers & { id: string }>`select id, ${sql.raw(SESSION_ANSWERS_COLUMNS)}
    from guest_sessions where id in (${sql.join(guests)})`.execute(db);
  const byGuest = new Map(rows.map((row) => [row.id, row]));
  takeSessionAnswers(sessionAnswers, (guest) => byGuest.get(guest));
}

/**
 * SQLite: a batch read and added up on the fold's thread (fold-sqlite.ts), and its writes run by
 * the SQLite thread in one transaction with the cursor's move, guarded: only when the cursor is
 * still where the batch read it.
 */
async function foldBatchSqlite(thread: SqliteThread, foldThread: SqliteFoldThread): Promise<FoldCount> {
  for (;;) {
    const batch = await foldThread.fold(null);
    if (!batch) return { folded: 0, unreadable: 0 };
    const guard: Write = [MOVE_CURSOR_SQL, [batch.last, batch.cursor]];
    const skipped = await thread.write([{ guard, then: [], packed: batch.writes }]);
    if (!skipped.length) return { folded: batch.folded, unreadable: batch.unreadable };
    // Another server folded from the same cursor: read on from where it stopped.
  }
}

/** A batch of rows of one event each, read whole (SQLite's: its ids commit in order). */
const wholeRows = (count: FoldCount): BatchCount => ({
  ...count,
  behind: false,
  full: count.folded === FOLD_BATCH,
});

/** The next batch: on the fold's thread (PostgreSQL's or SQLite's), or here (SQLite's fallback). */
async function nextBatch(db: Db, settled: number): Promise<BatchCount> {
  const sqlite = directSqlite(db);
  if (sqlite?.thread) return wholeRows(await foldBatchSqlite(sqlite.thread, sqlite.foldThread));
  const postgres = postgresFold(db);
  if (postgres) return postgres(settled);
  return wholeRows(await foldBatch(db));
}

/**
 * Folds the events stored so far. `exact` (every read of the figures): every event stored before
 * the call, waiting under the SHARE lock (settledEvent) for the inserts in flight when a missing
 * id holds events back. Not exact (the fold each second): the events up to the first missing id,
 * with no lock — the rest are folded a second later — unless the id right after the cursor is the
 * one missing: a second after it was taken, that is an insert that failed (its id never comes) or
 * a long one, and only the lock tells which.
 */
export async function foldEvents(db: Db, exact = true): Promise<FoldCount> {
  const count = { folded: 0, unreadable: 0 };
  // Nothing new (an idle server's every second): no lock, no transaction.
  if ((await newestEvent(db)) <= (await foldCursor(db))) return count;
  // SQLite's ids commit in order: every event it shows is settled.
  let settled = isPostgres(db) ? 0 : Number.MAX_SAFE_INTEGER;
  let waited = false;
  for (;;) {
    const batch = await nextBatch(db, settled);
    count.folded += batch.folded;
    count.unreadable += batch.unreadable;
    if (batch.behind && !waited && (exact || !batch.folded)) {
      settled = await settledEvent(db);
      waited = true;
    }
    // Left behind after waiting: inserted after the call.
    else if (batch.behind || !batch.full) return count;
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
    if (!this.running) return this.start(true);
    this.next ??= this.running
      .catch(() => null)
      .then(() => {
        this.next = null;
        return this.start(true);
      });
    return this.next;
  }

  private start(exact: boolean): Promise<FoldCount> {
    const run = foldEvents(this.db, exact)
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

  /**
   * Folds every `ms`, not exactly (foldEvents: what a missing id holds back waits for the next),
   * and not while another fold runs; a failed fold (database busy or closing) is retried by the next.
   */
  every(ms: number, onError: (error: unknown) => void): void {
    this.timer = setInterval(() => {
      if (!this.running) this.start(false).catch(onError);
    }, ms);
    this.timer.unref();
  }

  /** Stops the timer and waits for the fold in flight. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([this.running, this.next]);
  }
}
