// PostgreSQL: one batch of the fold (fold.ts), with nothing but a connection pool, so the fold's own
// thread runs it (fold-thread.ts) as it reads and adds up SQLite's (fold-sqlite.ts): the
// reading, parsing and adding up of a second's events then leave the main thread, which answers
// every chat turn. Four statements a batch: the cursor, the events as one text, the batch's guests
// (their outcome rows and stored sessions), and the writes with the cursor's move as one.
import type pg from 'pg';
import {
  foldablePrefix,
  foldParsedTurns,
  parseStoredTurns,
  splitEventLines,
  storedAnswersOfState,
  takeSessionAnswers,
  type CallHourCount,
  type TurnFold,
} from '../../src/core/analytics/index.js';
import {
  ADD_CALL_HOURS,
  ADD_NODE_HOURS,
  BUCKETS,
  MOVE_CURSOR_SQL,
  READ_CURSOR_SQL,
  type FoldCount,
} from './fold-sql.js';
import { int8ArrayParam, textArrayParam } from '../db/pg-binary-array.js';
import { OUTCOME_COLUMN_NAMES, OUTCOME_MERGE, OUTCOME_POSTGRES_TYPES } from './outcome-columns.js';

/**
 * A batch's count of events, whether it left events behind a missing id, and whether it read as
 * many rows as a batch reads (more may follow).
 */
export type BatchCount = FoldCount & { behind: boolean; full: boolean };

/**
 * Rows a batch reads. A row holds the events of the turns one statement stored
 * (repos/analytics-writes.ts: up to a chat write batch's 64, or a notification batch's 100), so
 * a batch is up to ~50,000 events while catching up, and a busy server's second of turns in one.
 */
export const FOLD_ROWS = 500;

/** `?` placeholders as PostgreSQL's `$n`. */
const numbered = (text: string) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

/**
 * Outcome rows as one array parameter per column, from parameter `first` on, unnested into rows,
 * each array in PostgreSQL's binary format (db/pg-binary-array.ts). Read from one JSON text, as
 * the hours are, PostgreSQL took twice the CPU to parse them (~8 µs a row against ~4 as arrays'
 * text: each row's twenty keys looked up by name) and the upsert ~13 µs a row against ~8.5; the
 * arrays' text then cost the fold's thread ~1.4 µs an event to escape
 * (bench/analytics-fold-micro-postgres.ts, docs/analytics-cost.md). The fold's statements run in
 * the database, which every server shares, at the priority of the turns'.
 */
const outcomeRows = (first: number) =>
  `select * from unnest(${OUTCOME_COLUMN_NAMES.map(
    (column, i) => `$${i + first}::${OUTCOME_POSTGRES_TYPES[column]}[]`,
  ).join(', ')})`;

/**
 * The fold's writes and the cursor's move as one statement (one round trip, atomic on its own).
 * The hours, a few dozen rows a batch, are read from one JSON parameter each as rows of the
 * table's own type; the outcomes, a row per guest, from two sets of arrays (outcomeRows): the
 * guests who had no outcome row when the batch read them, inserted as they are, then the others,
 * merged into theirs. A plain insert spares the new rows the conflict check (~1.5 µs a row of
 * the backend's ~4.8, docs/analytics-cost.md); a row that appeared after all fails the whole
 * statement, and commitFold writes the batch again with every row merged. The sums are written
 * only when the cursor moved from where the batch was read.
 */
const FOLD_SQL = `
  with moved as (
    ${numbered(MOVE_CURSOR_SQL)} returning 1
  ), node_hours as (
    insert into analytics_node_hours
    select * from json_populate_recordset(null::analytics_node_hours, $3::json) where exists (select from moved)
    ${ADD_NODE_HOURS}
  ), call_hours as (
    insert into analytics_call_hours
    select * from json_populate_recordset(null::analytics_call_hours, $4::json) where exists (select from moved)
    ${ADD_CALL_HOURS}
  ), new_outcomes as (
    insert into analytics_sessions (${OUTCOME_COLUMN_NAMES.join(', ')})
    ${outcomeRows(5)} where exists (select from moved)
  ), outcomes as (
    insert into analytics_sessions (${OUTCOME_COLUMN_NAMES.join(', ')})
    ${outcomeRows(5 + OUTCOME_COLUMN_NAMES.length)} where exists (select from moved)
    ${OUTCOME_MERGE}
  )
  select count(*)::int as moved from moved`;

/**
 * The next batch of event rows as one text (core/analytics/event-lines.ts says why), a line per
 * row, in id order; a text with a line break in it is sent empty (it is not an event). The lines are
 * joined in the order the id index is read, not sorted again by string_agg's own `order by`,
 * which took ~0.4 of the read's ~0.9 µs an event in the backend (docs/analytics-cost.md);
 * splitEventLines checks the order.
 */
const READ_EVENT_LINES_SQL = `
  select coalesce(string_agg(id || ',' || at || ',' ||
    case when strpos(payload, E'\\n') > 0 then '' else payload end, E'\\n'), '') as batch
  from (select id, at, payload from analytics_turns where id > $1 order by id limit $2) e`;

/**
 * A batch's guests in one query: each one's outcome row, for the nodes it reached (the fold
 * decides first visits from them, core/analytics/first-visits.ts), and its stored session, for
 * the answers of those whose events recorded their row version instead. The session's text is
 * parsed here (storedAnswersOfState): PostgreSQL's json operators took twice the CPU of the
 * whole read, on the database every server shares (docs/analytics-cost.md).
 */
const READ_GUESTS_SQL = `select k.id, a.version, a.reached, g.state
  from unnest($1::text[]) as k(id)
  left join analytics_sessions a on a.guest_id = k.id
  left join guest_sessions g on g.id = k.id`;

type GuestRow = { id: string; version: number | null; reached: string | null; state: string | null };

/** A call hour as a row of analytics_call_hours: its histogram as the bucket columns. */
function callHourRow({ counts, ...key }: CallHourCount) {
  const row: Record<string, unknown> = key;
  counts.forEach((count, b) => (row[BUCKETS[b]] = count));
  return row;
}

/** One written column of the outcome rows as its binary array parameter. */
function outcomeColumnParam(column: (typeof OUTCOME_COLUMN_NAMES)[number], outcomes: TurnFold['outcomes']) {
  const values = outcomes.map((outcome) => outcome[column]);
  return OUTCOME_POSTGRES_TYPES[column] === 'bigint'
    ? int8ArrayParam(values as (number | null)[])
    : textArrayParam(values as (string | null)[]);
}

/** The unique violation a plain insert of an outcome row that exists after all fails with. */
function isOutcomeConflict(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'analytics_sessions_pkey';
}

/**
 * Writes a fold and moves the cursor from `cursor` to `last`; false when another fold moved it
 * first. `hadRow`: whether a guest had an outcome row when the batch was read.
 */
async function commitFold(
  pool: pg.Pool,
  cursor: number,
  last: number,
  fold: TurnFold,
  hadRow: (guest: string) => boolean,
): Promise<boolean> {
  const fresh: TurnFold['outcomes'] = [];
  const merged: TurnFold['outcomes'] = [];
  for (const outcome of fold.outcomes) (hadRow(outcome.guest_id) ? merged : fresh).push(outcome);
  const values = [
    last,
    cursor,
    JSON.stringify(fold.nodeHours),
    JSON.stringify(fold.callHours.map(callHourRow)),
    ...OUTCOME_COLUMN_NAMES.map((column) => outcomeColumnParam(column, fresh)),
    ...OUTCOME_COLUMN_NAMES.map((column) => outcomeColumnParam(column, merged)),
  ];
  try {
    const { rows } = await pool.query<{ moved: number }>({ name: 'analytics_fold', text: FOLD_SQL, values });
    return rows[0].moved > 0;
  } catch (error) {
    // Nothing was written (one statement): every row merged this time.
    if (fresh.length && isOutcomeConflict(error)) return commitFold(pool, cursor, last, fold, () => true);
    throw error;
  }
}

/** Folds the next batch of events: those up to `settled`, then those without a gap before them. */
export async function foldBatchPostgres(pool: pg.Pool, settled: number): Promise<BatchCount> {
  for (;;) {
    const { rows: cursorRows } = await pool.query<{ rolled_until: string }>({
      name: 'analytics_fold_cursor_read',
      text: READ_CURSOR_SQL,
    });
    const cursor = Number(cursorRows[0]?.rolled_until ?? 0);
    const { rows: eventRows } = await pool.query<{ batch: string }>({
      name: 'analytics_fold_lines',
      text: READ_EVENT_LINES_SQL,
      values: [cursor, FOLD_ROWS],
    });
    const { ids, rows } = splitEventLines(eventRows[0].batch);
    const n = foldablePrefix(ids, cursor, settled);
    const behind = n < rows.length;
    const full = rows.length === FOLD_ROWS;
    if (!n) return { folded: 0, unreadable: 0, behind, full };
    const parsed = parseStoredTurns(rows.slice(0, n));
    // Read before the cursor moves: a fold that moved it first wrote these rows, and this one then
    // writes nothing (commitFold) and reads them again.
    const { rows: guestRows } = await pool.query<GuestRow>({
      name: 'analytics_fold_guests',
      text: READ_GUESTS_SQL,
      values: [textArrayParam([...parsed.guests])],
    });
    const guests = new Map(guestRows.map((row) => [row.id, row]));
    /** The guest's outcome row as the batch read it (undefined: it had none). */
    const storedRow = (guest: string) => {
      const row = guests.get(guest);
      return row && row.version !== null ? { version: row.version, reached: row.reached } : undefined;
    };
    const fold = foldParsedTurns(parsed, storedRow);
    takeSessionAnswers(fold.sessionAnswers, (guest) => storedAnswersOfState(guests.get(guest)?.state));
    const hadRow = (guest: string) => storedRow(guest) !== undefined;
    if (await commitFold(pool, cursor, ids[n - 1], fold, hadRow))
      return { folded: parsed.events.length + fold.unreadable, unreadable: fold.unreadable, behind, full };
    // Another server folded from the same cursor: read on from where it stopped.
  }
}
