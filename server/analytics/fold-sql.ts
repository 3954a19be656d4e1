// The fold's statements (fold.ts), in plain SQL with `?` placeholders, and the rows a fold writes
// with them. Apart from fold.ts so the fold's threads (fold-sqlite.ts, fold-postgres.ts) can run a
// batch without the main thread's database modules.
import {
  bucketColumn,
  LATENCY_BUCKETS,
  type CallHourCount,
  type NodeHourCount,
  type OutcomeFigures,
  type TurnFold,
} from '../../src/core/analytics/index.js';
import { CALL_DAYS, NODE_DAYS } from './day-rollups.js';
import { OUTCOME_COLUMN_NAMES, OUTCOME_MERGE } from './outcome-columns.js';

/** The cursor's row in analytics_rollups: the last event id folded. */
export const CURSOR = 'turns';
/** Events folded per transaction: a second of a busy server's turns. */
export const FOLD_BATCH = 2000;

export const BUCKETS = Array.from({ length: LATENCY_BUCKETS }, (_, b) => bucketColumn(b));
/** The hours' keys: their days' keys and the hour. */
export const NODE_KEY = [...NODE_DAYS.keys, 'hour'];
export const CALL_KEY = [...CALL_DAYS.keys, 'hour'];

export const ADD_NODE_HOURS = `on conflict (${NODE_KEY.join(', ')}) do update set
  visits = analytics_node_hours.visits + excluded.visits, guests = analytics_node_hours.guests + excluded.guests`;
export const ADD_CALL_HOURS = `on conflict (${CALL_KEY.join(', ')}) do update set ${BUCKETS.map(
  (b) => `${b} = analytics_call_hours.${b} + excluded.${b}`,
).join(', ')}`;

const placeholders = (n: number) => Array(n).fill('?').join(', ');

// One row per statement (the same few texts, kept prepared: a multi-row text per size would only
// fill the statement cache).
export const ADD_NODE_HOUR_SQL = `insert into analytics_node_hours (${NODE_KEY.join(', ')}, visits, guests)
  values (${placeholders(NODE_KEY.length + 2)}) ${ADD_NODE_HOURS}`;
export const ADD_CALL_HOUR_SQL = `insert into analytics_call_hours (${[...CALL_KEY, ...BUCKETS].join(', ')})
  values (${placeholders(CALL_KEY.length + BUCKETS.length)}) ${ADD_CALL_HOURS}`;
export const UPSERT_OUTCOME_SQL = `insert into analytics_sessions (${OUTCOME_COLUMN_NAMES.join(', ')})
  values (${placeholders(OUTCOME_COLUMN_NAMES.length)}) ${OUTCOME_MERGE}`;
/** The cursor moves only from where this fold read: a fold that lost the race writes nothing. */
export const MOVE_CURSOR_SQL = `update analytics_rollups set rolled_until = ? where name = '${CURSOR}' and rolled_until = ?`;
export const READ_CURSOR_SQL = `select rolled_until from analytics_rollups where name = '${CURSOR}'`;
export const READ_EVENTS_SQL = 'select id, at, payload from analytics_turns where id > ? order by id limit ?';
/**
 * SQLite: a guest's stored answers (the session's variables as JSON) and the turn they are from (its
 * answersAt), for the outcomes whose events recorded that instead (core/analytics/turn-fold.ts
 * sessionAnswers), as guest_sessions' columns. PostgreSQL's fold reads the session's text and
 * parses it itself (fold.ts readGuestsPostgres).
 */
export const SESSION_ANSWERS_COLUMNS = `json_extract(state, '$.answersAt') as answers_at, json_extract(state, '$.variables') as answers`;
/**
 * A guest's outcome row as the fold reads it to decide first visits (core/analytics/first-visits.ts):
 * its version and the nodes reached in it. SQLite's fold thread reads one guest at a time.
 */
export const READ_REACHED_SQL = 'select version, reached from analytics_sessions where guest_id = ?';
/** SQLite: one guest's stored answers (its fold thread's batch, fold-sqlite.ts). */
export const READ_SESSION_ANSWERS_SQL = `select ${SESSION_ANSWERS_COLUMNS} from guest_sessions where id = ?`;

export interface EventRow {
  id: number | string;
  at: number | string;
  payload: string;
}

/** What a fold did: the event rows its cursor passed, and how many of them it skipped as unreadable. */
export interface FoldCount {
  folded: number;
  unreadable: number;
}

/** An event row as the fold reads it: its time and its text. */
export const storedRow = (row: EventRow) => ({ at: Number(row.at), text: row.payload });

/**
 * An event row as SQLite's fold thread reads it, as an array (id, at, payload): better-sqlite3 makes no
 * object with named keys per row, which took half of the events' read (bench/analytics-fold-micro.ts).
 */
export type EventTuple = [id: number, at: number, payload: string];

/** An event tuple as the fold reads it: its time and its text. */
export const storedTuple = (row: EventTuple) => ({ at: row[1], text: row[2] });

// In the order of NODE_KEY and CALL_KEY, then the counts.
export const nodeHourParams = (h: NodeHourCount) => [
  ...NODE_KEY.map((k) => h[k as keyof NodeHourCount]),
  h.visits,
  h.guests,
];
export const callHourParams = (h: CallHourCount) => [
  ...CALL_KEY.map((k) => h[k as keyof CallHourCount]),
  ...h.counts,
];
export const outcomeParams = (o: OutcomeFigures) => OUTCOME_COLUMN_NAMES.map((c) => o[c]);

/** A fold's writes, one row per statement. */
export function foldRowWrites(fold: TurnFold): [sql: string, params: unknown[]][] {
  return [
    ...fold.nodeHours.map((h): [string, unknown[]] => [ADD_NODE_HOUR_SQL, nodeHourParams(h)]),
    ...fold.callHours.map((h): [string, unknown[]] => [ADD_CALL_HOUR_SQL, callHourParams(h)]),
    ...fold.outcomes.map((o): [string, unknown[]] => [UPSERT_OUTCOME_SQL, outcomeParams(o)]),
  ];
}
