// A turn's analytics as a database write (issue 19 §1): its event (analytics_turns) in the same
// batched write as the turn (repos/guests.ts) — a row of its own after the guest row's on SQLite,
// one row for the batch's events in the batch's one statement on PostgreSQL — so analytics costs
// no extra round trip or commit. Nothing else is written per turn: a fold adds the events up into
// the hourly counters and the outcome rows (analytics/fold.ts). Each further row a turn wrote cost
// the runtime more than the 5 % issue 19 allows (docs/analytics-cost.md).
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
 * SAVE_TURNS_SQL), as one row for all the saved turns' events: a list of `[at, event]` pairs
 * (one event alone is stored as itself; core/analytics/turn-event.ts storedRowEvents reads
 * both). A row each cost the backend ~2 µs an event (its heap tuple, index entry and id); a row
 * of thirty-five, compressed with lz4 (migration 023), ~0.25 (docs/analytics-cost.md). Each turn's event travels as a JSON array
 * inside the batch's one JSON parameter (analyticsEvent), read as text: PostgreSQL copies an
 * array's text as it is, so the event is serialised once, with the batch, and parsed once, with
 * it. Only the events of turns that were saved are written; the turns of one statement are of
 * different guests (saveTurns), so their order in the row does not matter.
 */
export const ANALYTICS_CTES = `
  , a_turns as (
    insert into analytics_turns (at, payload)
    select min(now), case when count(*) = 1 then min(event)
      else '[' || string_agg('[' || now || ',' || event || ']', ',') || ']' end
    from turn where event is not null and id = any(array(select id from saved))
    having count(*) > 0
  )`;

/** PostgreSQL: the turn's event as it goes into the batch's JSON (null: analytics is off). */
export function analyticsEvent(turn: AnalyticsTurnContext): StoredEvent | null {
  return turn.analytics ?? null;
}
