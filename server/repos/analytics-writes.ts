// A turn's analytics rows as database writes (issue 19 §1): they go into the same batched write
// as the turn (repos/guests.ts) — statements after the guest row's on SQLite and in a Kysely
// transaction, and three more parts of the one statement on PostgreSQL — so analytics costs no
// extra round trip or commit. The outcome row is an upsert that adds the turn's counters up.
import { OUTCOME_COLUMN_NAMES, OUTCOME_MERGE } from '../analytics/outcome-columns.js';
import type { TurnAnalytics } from '../analytics/turn-events.js';
import { hotSql, type HotSql } from '../db/connect.js';
import type { AnalyticsCallTable, AnalyticsSessionTable, AnalyticsVisitTable } from '../db/schema.js';

/** What a turn record carries for analytics (null: analytics is off). */
export interface AnalyticsTurnContext {
  guestId: string;
  botId: number;
  now: number;
  analytics?: TurnAnalytics | null;
}

export interface AnalyticsRows {
  visits: AnalyticsVisitTable[];
  calls: AnalyticsCallTable[];
  session: AnalyticsSessionTable;
}

export function analyticsRows(turn: AnalyticsTurnContext): AnalyticsRows | null {
  const a = turn.analytics;
  if (!a) return null;
  const { guestId, botId, now } = turn;
  const o = a.outcome;
  return {
    visits: a.visits.map((v) => ({
      bot_id: botId,
      flow_name: v.flow,
      flow_version: a.version,
      node_id: v.node,
      from_node: v.from,
      guest_id: guestId,
      channel: o.channel,
      language: v.language,
      first: v.first,
      at: now,
    })),
    calls: a.calls.map((c) => ({
      bot_id: botId,
      kind: c.kind,
      ms: Math.round(c.ms),
      node_id: c.node,
      channel: o.channel,
      language: o.language,
      at: now,
    })),
    session: {
      guest_id: guestId,
      bot_id: botId,
      flow_name: o.flow,
      started_at: now,
      last_at: now,
      version: o.version,
      last_node: o.lastNode,
      ended: o.ended,
      completed: o.completed,
      fallbacks: o.fallbacks,
      messages_in: o.messagesIn,
      messages_out: o.messagesOut,
      ai_calls: o.aiCalls,
      ai_ms: Math.round(o.aiMs),
      api_calls: o.apiCalls,
      api_ms: Math.round(o.apiMs),
      channel: o.channel,
      language: o.language,
      answers: o.answers,
    },
  };
}

const VISIT_COLUMNS = [
  'bot_id',
  'flow_name',
  'flow_version',
  'node_id',
  'from_node',
  'guest_id',
  'channel',
  'language',
  'first',
  'at',
] as const;
const CALL_COLUMNS = ['bot_id', 'kind', 'ms', 'node_id', 'channel', 'language', 'at'] as const;
const UPSERT_SESSION = hotSql(
  'analytics_upsert_session',
  `insert into analytics_sessions (${OUTCOME_COLUMN_NAMES.join(', ')})
   values (${OUTCOME_COLUMN_NAMES.map(() => '?').join(', ')}) ${OUTCOME_MERGE}`,
);

/** Multi-row inserts by row count (a turn enters at most MAX_NODES_PER_TURN nodes): one statement each. */
function multiInsert(table: string, columns: readonly string[]) {
  const made = new Map<number, HotSql>();
  return (count: number): HotSql => {
    let statement = made.get(count);
    if (!statement) {
      const row = `(${columns.map(() => '?').join(', ')})`;
      const text = `insert into ${table} (${columns.join(', ')}) values ${Array(count).fill(row).join(', ')}`;
      made.set(count, (statement = hotSql(`${table}_${count}`, text)));
    }
    return statement;
  };
}

const insertVisits = multiInsert('analytics_visits', VISIT_COLUMNS);
const insertCalls = multiInsert('analytics_calls', CALL_COLUMNS);

/**
 * The turn's analytics writes, run after its guest row's (same transaction). The parameters are
 * laid out straight from the turn (in VISIT_COLUMNS, CALL_COLUMNS and OUTCOME_COLUMN_NAMES order,
 * as analyticsRows names them) without the row objects in between: this runs for every turn.
 */
export function analyticsWrites(turn: AnalyticsTurnContext): [HotSql, unknown[]][] {
  const a = turn.analytics;
  if (!a) return [];
  const { guestId, botId, now } = turn;
  const o = a.outcome;
  const writes: [HotSql, unknown[]][] = [];
  if (a.visits.length) {
    const values: unknown[] = [];
    for (const v of a.visits)
      values.push(botId, v.flow, a.version, v.node, v.from, guestId, o.channel, v.language, v.first, now);
    writes.push([insertVisits(a.visits.length), values]);
  }
  if (a.calls.length) {
    const values: unknown[] = [];
    for (const c of a.calls) values.push(botId, c.kind, Math.round(c.ms), c.node, o.channel, o.language, now);
    writes.push([insertCalls(a.calls.length), values]);
  }
  writes.push([
    UPSERT_SESSION,
    [
      guestId,
      botId,
      o.flow,
      now,
      now,
      o.version,
      o.lastNode,
      o.ended,
      o.completed,
      o.fallbacks,
      o.messagesIn,
      o.messagesOut,
      o.aiCalls,
      Math.round(o.aiMs),
      o.apiCalls,
      Math.round(o.apiMs),
      o.channel,
      o.language,
      o.answers,
    ],
  ]);
  return writes;
}

/**
 * PostgreSQL: the same writes as parts of the turns' one statement (repos/guests.ts
 * SAVE_TURNS_SQL), each table's rows of the whole batch read from one JSON parameter
 * (analyticsBatch) as rows of the table's own type. Read once per batch, not once per turn:
 * per-turn JSON fields read row by row cost 3 times more (each call looks up the row type and
 * its columns' input functions again). Only the rows of turns that were saved are written.
 */
export const ANALYTICS_CTES = `
  , a_visits as (
    insert into analytics_visits
    select * from json_populate_recordset(null::analytics_visits, $2::json) v
    where v.guest_id = any(array(select id from saved))
  ), a_calls as (
    insert into analytics_calls (${CALL_COLUMNS.join(', ')})
    select ${CALL_COLUMNS.join(', ')} from json_to_recordset($3::json) as c(guest_id text,
      bot_id int, kind text, ms int, node_id text, channel text, language text, at bigint)
    where c.guest_id = any(array(select id from saved))
  ), a_sessions as (
    insert into analytics_sessions
    select * from json_populate_recordset(null::analytics_sessions, $4::json) o
    where o.guest_id = any(array(select id from saved))
    ${OUTCOME_MERGE}
  )`;

/** The batch's analytics rows as the JSON parameters of ANALYTICS_CTES: visits, calls, sessions. */
export function analyticsBatch(turns: AnalyticsTurnContext[]): [string, string, string] {
  const visits: AnalyticsVisitTable[] = [];
  // A call row has no guest; its turn's guest goes along to say whether the turn was saved.
  const calls: (AnalyticsCallTable & { guest_id: string })[] = [];
  const sessions: AnalyticsSessionTable[] = [];
  for (const turn of turns) {
    const rows = analyticsRows(turn);
    if (!rows) continue;
    visits.push(...rows.visits);
    for (const call of rows.calls) calls.push({ ...call, guest_id: turn.guestId });
    sessions.push(rows.session);
  }
  return [JSON.stringify(visits), JSON.stringify(calls), JSON.stringify(sessions)];
}
