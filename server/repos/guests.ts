// Guests of a bot: their sessions (one JSON document with a version) and their conversation
// (one row per turn: repos/conversation.ts reads it). A turn is stored with saveTurn in one
// transaction, over the version it started from, so two servers running turns of one guest
// cannot both win.
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { directPostgres, directSqlite, hotSql, runHot, type HotSql } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import type { Write } from '../db/sqlite-thread.js';
import type { GuestSession } from '../runtime/session.js';
import type { Subscription } from '../runtime/ports.js';
import type { TurnMessage } from './conversation.js';
import type { StoredEvent } from '../../src/core/analytics/index.js';
import { ANALYTICS_CTES, analyticsEvent, analyticsWrites } from './analytics-writes.js';

type Db = Kysely<Database>;

export interface StoredGuest {
  id: string;
  botId: number;
  session: GuestSession;
  version: number;
}

/** Another turn of the same guest was stored in between (another server instance). */
export class GuestConflictError extends Error {
  constructor() {
    super('The conversation changed while this message was being answered');
  }
}

export async function findGuest(db: Db, guestId: string): Promise<StoredGuest | null> {
  const row = await db
    .selectFrom('guest_sessions')
    .select(['id', 'bot_id', 'state', 'version'])
    .where('id', '=', guestId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    botId: row.bot_id,
    session: JSON.parse(row.state) as GuestSession,
    version: row.version,
  };
}

export async function touchGuest(db: Db, guestId: string, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable('guest_sessions')
    .set({ last_seen_at: now })
    .where('id', '=', guestId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface TurnRecord {
  guestId: string;
  botId: number;
  /** null: a new guest, inserted by this turn. */
  expectedVersion: number | null;
  session: GuestSession;
  /** Numbered from `firstSeq` on. */
  messages: TurnMessage[];
  firstSeq: number;
  subscriptions: Subscription[];
  now: number;
  /** A new guest on a chat channel: the channel and its chat id (see 013_channel_guests). */
  channel?: ChannelChat | null;
  /** The turn's analytics event (issue 19), written with it as one row; absent when analytics is off. */
  analytics?: StoredEvent | null;
}

/** A conversation on a chat channel, named by the channel's own chat id. */
export interface ChannelChat {
  channel: 'telegram' | 'whatsapp';
  chatId: string;
}

// A turn's writes, as SQL run without the query builder (see runHot): they run for every turn.
const INSERT_GUEST = hotSql(
  'turn_insert_guest',
  `insert into guest_sessions (id, bot_id, channel, external_chat_id, state, version, created_at,
   updated_at, last_seen_at) values (?, ?, ?, ?, ?, 1, ?, ?, ?) on conflict do nothing`,
);
const UPDATE_GUEST = hotSql(
  'turn_update_guest',
  `update guest_sessions set state = ?, version = ?, updated_at = ?, last_seen_at = ?
   where id = ? and version = ?`,
);
const INSERT_TURN = hotSql(
  'turn_insert_messages',
  'insert into conversation_turns (guest_id, seq, messages, created_at) values (?, ?, ?, ?)',
);
// A changed subscription has no next run: the notification engine's tick places it again.
const UPSERT_SUBSCRIPTION = hotSql(
  'turn_upsert_subscription',
  `insert into notification_subscriptions (guest_id, bot_id, push_message_type, template, start_at,
   frequency, language_code, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)
   on conflict (guest_id, push_message_type) do update set template = excluded.template,
   start_at = excluded.start_at, frequency = excluded.frequency,
   language_code = excluded.language_code, updated_at = excluded.updated_at, next_run_at = null`,
);

/** The guest row's write: an insert for a new guest, else an update over the expected version. */
function guestWrite(turn: TurnRecord): [HotSql, unknown[]] {
  const { guestId, now } = turn;
  const state = JSON.stringify(turn.session);
  if (turn.expectedVersion === null) {
    const { channel = null, chatId = null } = turn.channel ?? {};
    return [INSERT_GUEST, [guestId, turn.botId, channel, chatId, state, now, now, now]];
  }
  const version = turn.expectedVersion + 1;
  return [UPDATE_GUEST, [state, version, now, now, guestId, turn.expectedVersion]];
}

/** The writes after the guest row's: its messages, then its subscriptions. */
export function turnFollowingWrites(turn: TurnRecord): [HotSql, unknown[]][] {
  const writes: [HotSql, unknown[]][] = [];
  if (turn.messages.length)
    writes.push([INSERT_TURN, [turn.guestId, turn.firstSeq, JSON.stringify(turn.messages), turn.now]]);
  for (const s of turn.subscriptions) {
    const row = [turn.guestId, turn.botId, s.pushMessageType, JSON.stringify(s.template), s.startAt];
    writes.push([UPSERT_SUBSCRIPTION, [...row, s.frequency, s.language, turn.now, turn.now]]);
  }
  writes.push(...analyticsWrites(turn));
  return writes;
}

const sqliteWrite = ([statement, params]: [HotSql, unknown[]]): Write => [statement.sqlite, params];

const versionAfter = (turn: TurnRecord) => (turn.expectedVersion ?? 0) + 1;

/** Stores one turn; call inside a transaction. Throws GuestConflictError on a lost race. */
export async function saveTurn(trx: Db, turn: TurnRecord): Promise<number> {
  const [guestSql, guestParams] = guestWrite(turn);
  // The version check comes first: a lost race writes nothing.
  if ((await runHot(trx, guestSql, guestParams)).changes === 0) throw new GuestConflictError();
  for (const [statement, params] of turnFollowingWrites(turn)) await runHot(trx, statement, params);
  return versionAfter(turn);
}

/**
 * PostgreSQL: a batch of turns in one statement, so one round trip however many turns end
 * together (a statement is atomic on its own: no BEGIN and COMMIT round trips either). The batch
 * travels as one JSON parameter (one JSON.stringify, no per-value escaping in the driver:
 * turnBatchParams), so the statement's text is the same for any batch and stays prepared;
 * sessions, messages and analytics events are JSON values inside it and are stored as their
 * text. Guests whose version moved on are not updated, and their messages are left out.
 */
export const SAVE_TURNS_SQL = `
  with turn as (
    select * from json_to_recordset($1::json)
      as t(id varchar, bot_id int, channel varchar, chat_id varchar, state json, expected int,
        now bigint, seq int, messages json, event text)
  ), updated as (
    update guest_sessions g
    set state = turn.state::text, version = turn.expected + 1, updated_at = turn.now,
      last_seen_at = turn.now
    from turn where g.id = turn.id and g.version = turn.expected
    returning g.id
  ), inserted as (
    insert into guest_sessions (id, bot_id, channel, external_chat_id, state, version, created_at,
      updated_at, last_seen_at)
    select id, bot_id, channel, chat_id, state::text, 1, now, now, now from turn where expected is null
    on conflict do nothing
    returning id
  ), saved as (
    select id from updated union all select id from inserted
  ), messages as (
    -- The saved turns' ids as an array, not a join: the hot pool plans without hash joins, and
    -- \`id in (select id from saved)\` became a nested loop over both lists (3,600 row
    -- comparisons for a batch of 60). The analytics event write filters its rows the same way.
    insert into conversation_turns (guest_id, seq, messages, created_at)
    select id, seq, messages::text, now from turn
    where messages is not null and id = any(array(select id from saved))
  )${ANALYTICS_CTES}
  select id from saved`;

/**
 * What PostgreSQL's json cannot carry: JSON.stringify writes NUL and lone surrogates as \u0000
 * and \ud800–\udfff escapes, and taking the batch apart turns them back into characters, which
 * PostgreSQL refuses. (A false alarm — the text `\u0000` typed by someone — only costs speed.)
 */
const UNCARRIED_ESCAPE = /\\u(0000|d[89a-f])/i;

/**
 * The parameters of SAVE_TURNS_SQL for a batch: its turns as one JSON text; null when the batch
 * holds text the one statement cannot carry (UNCARRIED_ESCAPE).
 */
function turnBatchParams(turns: TurnRecord[]): string[] | null {
  const rows = turns.map((turn) => ({
    id: turn.guestId,
    bot_id: turn.botId,
    channel: turn.channel?.channel ?? null,
    chat_id: turn.channel?.chatId ?? null,
    state: turn.session,
    expected: turn.expectedVersion,
    now: turn.now,
    seq: turn.firstSeq,
    messages: turn.messages.length ? turn.messages : null,
    event: analyticsEvent(turn),
  }));
  const batch = JSON.stringify(rows);
  return UNCARRIED_ESCAPE.test(batch) ? null : [batch];
}

/** null: the batch holds text the one statement cannot carry (see UNCARRIED_ESCAPE). */
async function saveTurnsInOneStatement(pool: pg.Pool, turns: TurnRecord[]): Promise<Set<TurnRecord> | null> {
  const values = turnBatchParams(turns);
  if (!values) return null;
  const result = await pool.query<{ id: string }>({ name: 'turn_batch', text: SAVE_TURNS_SQL, values });
  const saved = new Set(result.rows.map((row) => row.id));
  return new Set(turns.filter((turn) => !saved.has(turn.guestId)));
}

/**
 * Stores turns atomically, all or none: throws (and writes nothing) when any write fails, and
 * answers the turns that lost their version race (which wrote nothing). On SQLite this is one
 * transaction on the SQLite thread (off the event loop: see sqlite-thread.ts); on PostgreSQL one
 * statement (see saveTurnsInOneStatement); otherwise one Kysely transaction.
 */
export async function saveTurns(db: Db, turns: TurnRecord[]): Promise<Set<TurnRecord>> {
  const thread = directSqlite(db)?.thread;
  if (thread) {
    const groups = turns.map((turn) => ({
      guard: sqliteWrite(guestWrite(turn)),
      then: turnFollowingWrites(turn).map(sqliteWrite),
    }));
    const skipped = await thread.write(groups);
    return new Set(skipped.map((index) => turns[index]));
  }
  const pool = directPostgres(db);
  // Subscriptions are rare (notification nodes), and a guest twice in a batch must be stored in
  // order: those batches take the plain way.
  const simple =
    turns.every((t) => !t.subscriptions.length) && new Set(turns.map((t) => t.guestId)).size === turns.length;
  const inOneStatement = pool && simple ? await saveTurnsInOneStatement(pool, turns) : null;
  if (inOneStatement) return inOneStatement;
  const lost = new Set<TurnRecord>();
  await db.transaction().execute(async (trx) => {
    for (const turn of turns) {
      try {
        await saveTurn(trx, turn);
      } catch (error) {
        if (!(error instanceof GuestConflictError)) throw error;
        lost.add(turn);
      }
    }
  });
  return lost;
}

/** The guest id of a conversation on a chat channel, or null before its first turn. */
export async function findChannelGuestId(db: Db, botId: number, chat: ChannelChat): Promise<string | null> {
  const row = await db
    .selectFrom('guest_sessions')
    .select('id')
    .where('bot_id', '=', botId)
    .where('channel', '=', chat.channel)
    .where('external_chat_id', '=', chat.chatId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The guest's subscriptions (the notifications issue reads these to deliver). */
export async function listSubscriptions(db: Db, guestId: string) {
  return db
    .selectFrom('notification_subscriptions')
    .selectAll()
    .where('guest_id', '=', guestId)
    .orderBy('id')
    .execute();
}
