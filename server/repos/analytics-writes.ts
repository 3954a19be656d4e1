// A turn's analytics as a database write (issue 19 §1): one event row (analytics_turns) in the
// same batched write as the turn (repos/guests.ts) — a statement after the guest row's on SQLite,
// one more part of the batch's one statement on PostgreSQL — so analytics costs no extra round
// trip or commit. Nothing else is written per turn: a fold adds the events up into the hourly
// counters and the outcome rows (analytics/fold.ts). Each further row a turn wrote cost the
// runtime more than the 5 % issue 19 allows (docs/analytics-cost.md).
import type { StoredEvent } from '../../src/core/analytics/index.js';
import { hotSql, type HotSql } from '../db/connect.js';

/** What a turn record carries for analytics (null: analytics is off). */
export interface AnalyticsTurnContext {
  now: number;
  /** The turn's event as stored (analytics/turn-events.ts turnEvent). */
  analytics?: StoredEvent | null;
}

const INSERT_EVENT = hotSql(
  'analytics_insert_turn',
  'insert into analytics_turns (at, payload) values (?, ?)',
);

/** The turn's analytics write, run after its guest row's (same transaction); none when analytics is off. */
export function analyticsWrites(turn: AnalyticsTurnContext): [HotSql, unknown[]][] {
  const { analytics } = turn;
  if (!analytics) return [];
  return [[INSERT_EVENT, [turn.now, JSON.stringify(analytics)]]];
}

/**
 * PostgreSQL: the same write as a part of the turns' one statement (repos/guests.ts
 * SAVE_TURNS_SQL). Each turn's event travels as a JSON array inside the batch's one JSON
 * parameter (analyticsEvent), read as text: PostgreSQL copies an array's text into a text column
 * as it is, so the event is serialised once, with the batch, and parsed once, with it. Only the
 * events of turns that were saved are written.
 */
export const ANALYTICS_CTES = `
  , a_turns as (
    insert into analytics_turns (at, payload)
    select now, event from turn where event is not null and id = any(array(select id from saved))
  )`;

/** PostgreSQL: the turn's event as it goes into the batch's JSON (null: analytics is off). */
export function analyticsEvent(turn: AnalyticsTurnContext): StoredEvent | null {
  return turn.analytics ?? null;
}
