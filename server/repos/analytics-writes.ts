// A turn's analytics as a database write (issue 19 §1): one event row (analytics_turns) in the
// same batched write as the turn (repos/guests.ts) — a statement after the guest row's on SQLite,
// one more part of the batch's one statement on PostgreSQL — so analytics costs no extra round
// trip or commit. Nothing else is written per turn: a fold adds the events up into the hourly
// counters and the outcome rows (analytics/fold.ts). Each further row a turn wrote cost the
// runtime more than the 5 % issue 19 allows (docs/analytics-cost.md).
import { encodeTurnEvent, type TurnAnalytics } from '../../src/core/analytics/index.js';
import { hotSql, type HotSql } from '../db/connect.js';

/** What a turn record carries for analytics (null: analytics is off). */
export interface AnalyticsTurnContext {
  guestId: string;
  botId: number;
  now: number;
  analytics?: TurnAnalytics | null;
}

function eventPayload(turn: AnalyticsTurnContext & { analytics: TurnAnalytics }): string {
  return encodeTurnEvent(turn.guestId, turn.botId, turn.analytics);
}

const INSERT_EVENT = hotSql(
  'analytics_insert_turn',
  'insert into analytics_turns (at, payload) values (?, ?)',
);

/** The turn's analytics write, run after its guest row's (same transaction); none when analytics is off. */
export function analyticsWrites(turn: AnalyticsTurnContext): [HotSql, unknown[]][] {
  const { analytics } = turn;
  if (!analytics) return [];
  return [[INSERT_EVENT, [turn.now, eventPayload({ ...turn, analytics })]]];
}

/**
 * PostgreSQL: the same write as a part of the turns' one statement (repos/guests.ts
 * SAVE_TURNS_SQL), the batch's events read from one JSON parameter (analyticsBatch), each event's
 * text a JSON value inside it, read as text: PostgreSQL copies an array's text into a text column
 * as it is (a json column would check it again). Only the events of turns that were saved are
 * written.
 */
export const ANALYTICS_CTES = `
  , a_turns as (
    insert into analytics_turns (at, payload)
    select e.at, e.payload from json_to_recordset($2::json) as e(guest_id text, at bigint, payload text)
    where e.guest_id = any(array(select id from saved))
  )`;

/**
 * The batch's events as the JSON parameter of ANALYTICS_CTES, put together as text: each event
 * is JSON already, and passing it as a string would escape every quote in it to unescape them
 * in PostgreSQL again.
 */
export function analyticsBatch(turns: AnalyticsTurnContext[]): string {
  const events: string[] = [];
  for (const turn of turns) {
    const { analytics } = turn;
    if (!analytics) continue;
    const payload = eventPayload({ ...turn, analytics });
    events.push(`{"guest_id":${JSON.stringify(turn.guestId)},"at":${turn.now},"payload":${payload}}`);
  }
  return `[${events.join(',')}]`;
}
