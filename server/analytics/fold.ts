// The fold (issue 19 §1, §5): adds the turns' raw events (analytics_turns, one per turn) up into
// the hourly node and call counters and the outcome rows, a batch at a time, in order. Its cursor
// (the `turns` row of analytics_rollups: the last event id folded) moves in the transaction that
// writes the batch's sums, and only from where the batch was read, so each event is counted once
// even when several servers fold at once or one dies half-way. Every server folds each second and
// before any read of the figures (AnalyticsFold.run), so the dashboard is exact and live without
// the turn writing those rows.
import { sql, type Kysely } from 'kysely';
import {
  bucketColumn,
  foldTurns,
  LATENCY_BUCKETS,
  type CallHourCount,
  type NodeHourCount,
  type OutcomeFigures,
  type TurnEvent,
  type TurnFold,
} from '../../src/core/analytics/index.js';
import { directPostgres, directSqlite, hotSql, runHot, type HotSql } from '../db/connect.js';
import { isPostgres } from '../db/dialect.js';
import type { Write } from '../db/sqlite-thread.js';
import type { Database } from '../db/schema.js';
import { readEvent } from '../repos/analytics-writes.js';
import { CALL_DAYS, NODE_DAYS } from './day-rollups.js';
import { OUTCOME_COLUMN_NAMES, OUTCOME_MERGE } from './outcome-columns.js';

type Db = Kysely<Database>;

const CURSOR = 'turns';
/** Events folded per transaction: a second of a busy server's turns. */
export const FOLD_BATCH = 2000;
/** How often each server folds. */
export const FOLD_MS = 1000;

const BUCKETS = Array.from({ length: LATENCY_BUCKETS }, (_, b) => bucketColumn(b));

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

/** The hours' keys: their days' keys and the hour. */
const NODE_KEY = [...NODE_DAYS.keys, 'hour'];
const CALL_KEY = [...CALL_DAYS.keys, 'hour'];

// The fold's writes one row per statement, for SQLite (the same few texts, kept prepared: its
// statements run in process, where a multi-row text per size would only fill the cache).
const ADD_NODE_HOUR = hotSql(
  'analytics_fold_node_hour',
  `insert into analytics_node_hours (${NODE_KEY.join(', ')}, visits, guests)
   values (${NODE_KEY.map(() => '?').join(', ')}, ?, ?)
   on conflict (${NODE_KEY.join(', ')}) do update set visits = analytics_node_hours.visits + excluded.visits,
   guests = analytics_node_hours.guests + excluded.guests`,
);
const ADD_BUCKETS = BUCKETS.map((b) => `${b} = analytics_call_hours.${b} + excluded.${b}`).join(', ');
const ADD_CALL_HOUR = hotSql(
  'analytics_fold_call_hour',
  `insert into analytics_call_hours (${CALL_KEY.join(', ')}, ${BUCKETS.join(', ')})
   values (${[...CALL_KEY, ...BUCKETS].map(() => '?').join(', ')})
   on conflict (${CALL_KEY.join(', ')}) do update set ${ADD_BUCKETS}`,
);
const UPSERT_OUTCOME = hotSql(
  'analytics_fold_outcome',
  `insert into analytics_sessions (${OUTCOME_COLUMN_NAMES.join(', ')})
   values (${OUTCOME_COLUMN_NAMES.map(() => '?').join(', ')}) ${OUTCOME_MERGE}`,
);
/** The cursor moves only from where this fold read: a fold that lost the race writes nothing. */
const MOVE_CURSOR = hotSql(
  'analytics_fold_cursor',
  `update analytics_rollups set rolled_until = ? where name = '${CURSOR}' and rolled_until = ?`,
);

// In the order of NODE_KEY and CALL_KEY, then the counts.
const nodeHourParams = (h: NodeHourCount) => [
  ...NODE_KEY.map((k) => h[k as keyof NodeHourCount]),
  h.visits,
  h.guests,
];
const callHourParams = (h: CallHourCount) => [
  ...CALL_KEY.map((k) => h[k as keyof CallHourCount]),
  ...h.counts,
];
const outcomeParams = (o: OutcomeFigures) => OUTCOME_COLUMN_NAMES.map((c) => o[c]);

function rowWrites(fold: TurnFold): [HotSql, unknown[]][] {
  return [
    ...fold.nodeHours.map((h): [HotSql, unknown[]] => [ADD_NODE_HOUR, nodeHourParams(h)]),
    ...fold.callHours.map((h): [HotSql, unknown[]] => [ADD_CALL_HOUR, callHourParams(h)]),
    ...fold.outcomes.map((o): [HotSql, unknown[]] => [UPSERT_OUTCOME, outcomeParams(o)]),
  ];
}

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
    on conflict (${NODE_KEY.join(', ')}) do update set visits = analytics_node_hours.visits + excluded.visits,
      guests = analytics_node_hours.guests + excluded.guests
  ), call_hours as (
    insert into analytics_call_hours
    select * from json_populate_recordset(null::analytics_call_hours, $4::json) where exists (select from moved)
    on conflict (${CALL_KEY.join(', ')}) do update set ${ADD_BUCKETS}
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
 * another fold moved the cursor first (its writes then hold these events). SQLite: on the SQLite
 * thread with the turns' own writes, so the two never wait for each other's lock.
 */
async function commitFold(db: Db, cursor: number, last: number, fold: TurnFold): Promise<boolean> {
  const thread = directSqlite(db)?.thread;
  if (thread) {
    const then = rowWrites(fold).map(([statement, params]): Write => [statement.sqlite, params]);
    const skipped = await thread.write([{ guard: [MOVE_CURSOR.sqlite, [last, cursor]], then }]);
    return !skipped.length;
  }
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
    for (const [statement, params] of rowWrites(fold)) await runHot(trx, statement, params);
    return true;
  });
}

/** The row's event; none when its text cannot be read, so one bad row cannot stop the fold for good. */
function eventOf(at: number | string, payload: string): TurnEvent[] {
  try {
    return [readEvent(Number(at), payload)];
  } catch {
    return [];
  }
}

const READ_EVENTS = hotSql(
  'analytics_fold_read',
  'select id, at, payload from analytics_turns where id > ? and id <= ? order by id limit ?',
);

/** Folds the next batch of events up to `until`; answers how many (0: none left). */
async function foldBatch(db: Db, until: number): Promise<number> {
  for (;;) {
    const cursor = await foldCursor(db);
    const { rows } = await runHot<{ id: number | string; at: number | string; payload: string }>(
      db,
      READ_EVENTS,
      [cursor, until, FOLD_BATCH],
    );
    if (!rows.length) return 0;
    const fold = foldTurns(rows.flatMap((row) => eventOf(row.at, row.payload)));
    if (await commitFold(db, cursor, Number(rows[rows.length - 1].id), fold)) return rows.length;
    // Another server folded from the same cursor: read on from where it stopped.
  }
}

/** Folds every event stored before the call; answers how many it folded. */
export async function foldEvents(db: Db): Promise<number> {
  // Nothing new (an idle server's every second): no lock, no transaction.
  if ((await newestEvent(db)) <= (await foldCursor(db))) return 0;
  const until = isPostgres(db) ? await settledEvent(db) : Number.MAX_SAFE_INTEGER;
  let folded = 0;
  for (;;) {
    const n = await foldBatch(db, until);
    folded += n;
    if (n < FOLD_BATCH) return folded;
  }
}

/**
 * A server's fold: one at a time, each second and on demand. `run` answers once every event
 * stored before it was called is folded: a fold already going may have started before them, so
 * callers who arrive meanwhile share one more run after it.
 */
export class AnalyticsFold {
  private running: Promise<number> | null = null;
  private next: Promise<number> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Db) {}

  run(): Promise<number> {
    if (!this.running) return this.start();
    this.next ??= this.running
      .catch(() => 0)
      .then(() => {
        this.next = null;
        return this.start();
      });
    return this.next;
  }

  private start(): Promise<number> {
    const run = foldEvents(this.db).finally(() => {
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
