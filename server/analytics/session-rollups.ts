// The rollups of the outcome rows and of the calls (issue 19 §5; rollups.ts runs them).
// - Outcome rows change while guests talk, so each is rolled by its changes: the rows whose last
//   turn falls in the window add their figures now and take away their snapshot's (what the
//   rollups held for them), then their snapshot becomes their figures (core/analytics/session-rollup.ts).
// - Calls are counted into each hour's latency histogram by the fold (fold.ts): their roll only
//   makes the days.
// Rows are found per bot through the indexes on (bot_id, time): one statement joining the bots.
import { sql, type Kysely } from 'kysely';
import { rollupDeltas, type SessionFigures } from '../../src/core/analytics/index.js';
import { isPostgres } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { sessionRollupColumns, SNAPSHOT_COPY, type SessionRollupRow } from './outcome-columns.js';
import { CALL_DAYS, daysOf, daysOfSpan, LEFT_DAYS, remakeDays } from './day-rollups.js';
import { indexSearch } from './search-index.js';

type Db = Kysely<Database>;

/** Rows per multi-row statement: well under both databases' limits on parameters. */
const BATCH = 500;

function chunks<T>(items: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function figuresNow(r: SessionRollupRow): SessionFigures {
  return {
    botId: Number(r.bot_id),
    startedAt: Number(r.started_at),
    lastAt: Number(r.last_at),
    flow: r.flow_name,
    version: Number(r.version),
    lastNode: r.last_node,
    ended: Number(r.ended),
    completed: Number(r.completed),
    fallbacks: Number(r.fallbacks),
    messagesIn: Number(r.messages_in),
    messagesOut: Number(r.messages_out),
    channel: r.channel,
    language: r.language,
  };
}

/** What the rollups hold for the row; null when it was never rolled. */
export function figuresRolled(r: SessionRollupRow): SessionFigures | null {
  if (r.rolled_last_at === null || r.rolled_last_at === undefined) return null;
  return {
    botId: Number(r.bot_id),
    startedAt: Number(r.started_at),
    lastAt: Number(r.rolled_last_at),
    flow: r.rolled_flow ?? '',
    version: Number(r.rolled_version),
    lastNode: r.rolled_last_node,
    ended: Number(r.rolled_ended),
    completed: Number(r.rolled_completed),
    fallbacks: Number(r.rolled_fallbacks),
    messagesIn: Number(r.rolled_messages_in),
    messagesOut: Number(r.rolled_messages_out),
    channel: r.rolled_channel ?? '',
    language: r.rolled_language ?? '',
  };
}

export async function firstSessionChange(trx: Db): Promise<number | null> {
  const row = await trx
    .selectFrom('analytics_sessions')
    .select(sql<number | null>`min(last_at)`.as('at'))
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

export async function firstCall(trx: Db): Promise<number | null> {
  const row = await trx
    .selectFrom('analytics_call_hours')
    .select(sql<number | null>`min(hour)`.as('at'))
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

/** Rolls the outcome rows whose last turn is in [start, stop). */
export async function rollSessions(trx: Db, start: number, stop: number): Promise<void> {
  // PostgreSQL: the rows stay locked until the snapshot is written (a turn arriving meanwhile
  // waits, and is rolled next time); SQLite's transaction holds the write lock already.
  const lock = isPostgres(trx) ? sql`for update of s` : sql``;
  const { rows } = await sql<SessionRollupRow>`select ${sql.raw(sessionRollupColumns('s'))}
    from bots b join analytics_sessions s on s.bot_id = b.id
    where s.last_at >= ${start} and s.last_at < ${stop} ${lock}`.execute(trx);
  if (!rows.length) return;
  // The same rows' search entries (SQLite): the search scans rows after the watermark instead.
  await indexSearch(trx, start, stop);
  const deltas = rollupDeltas(rows.map((r) => ({ now: figuresNow(r), rolled: figuresRolled(r) })));
  for (const batch of chunks(deltas.started))
    await trx
      .insertInto('analytics_session_hours')
      .values(
        batch.map((c) => ({
          bot_id: c.botId,
          hour: c.hour,
          channel: c.channel,
          language: c.language,
          conversations: c.conversations,
          completed: c.completed,
          fallbacks: c.fallbacks,
          messages_in: c.messagesIn,
          messages_out: c.messagesOut,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['bot_id', 'hour', 'channel', 'language']).doUpdateSet((eb) => ({
          conversations: eb('analytics_session_hours.conversations', '+', eb.ref('excluded.conversations')),
          completed: eb('analytics_session_hours.completed', '+', eb.ref('excluded.completed')),
          fallbacks: eb('analytics_session_hours.fallbacks', '+', eb.ref('excluded.fallbacks')),
          messages_in: eb('analytics_session_hours.messages_in', '+', eb.ref('excluded.messages_in')),
          messages_out: eb('analytics_session_hours.messages_out', '+', eb.ref('excluded.messages_out')),
        })),
      )
      .execute();
  for (const batch of chunks(deltas.left))
    await trx
      .insertInto('analytics_left_hours')
      .values(
        batch.map((c) => ({
          bot_id: c.botId,
          flow_name: c.flow,
          flow_version: c.version,
          hour: c.hour,
          node_id: c.node,
          channel: c.channel,
          language: c.language,
          guests_left: c.left,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['bot_id', 'flow_name', 'flow_version', 'hour', 'node_id', 'channel', 'language'])
          .doUpdateSet((eb) => ({
            guests_left: eb('analytics_left_hours.guests_left', '+', eb.ref('excluded.guests_left')),
          })),
      )
      .execute();
  await remakeDays(trx, LEFT_DAYS, daysOf(deltas.left.map((c) => c.hour)));
  // The same rows as read (locked on PostgreSQL, the write lock held on SQLite), in one statement.
  await sql`update analytics_sessions set ${sql.raw(SNAPSHOT_COPY)}
    where bot_id in (select id from bots) and last_at >= ${start} and last_at < ${stop}`.execute(trx);
}

/** The call hours grow as the fold adds turns (fold.ts): rolling them makes their days. */
export async function rollCalls(trx: Db, start: number, stop: number): Promise<void> {
  await remakeDays(trx, CALL_DAYS, daysOfSpan(start, stop));
}
