// The statements of a conversation's turns on a channel (conversation-drain.ts), each one round
// trip: an update's reply waits for every statement before it, and on PostgreSQL each is a trip
// to the database and a statement's worth of its CPU (28 per turn at first, 12 before this shape).
// - takeChat: the conversation's lease, its state, whether sends wait, its next update, the bot's
//   channel settings and the chat's guest id, at once;
// - queueTurn: the turn's messages queued, its update handled (and that update's job, if no
//   runner took it yet, done: nobody claims it only to find the work done) and the chat's state,
//   at once, answering the queued messages so they are sent without reading them back;
// - endTurn (turn-end.ts): the turn's messages marked sent, and the next update — or, when there
//   is none, the lease let go and the job recorded done.
import type { Kysely } from 'kysely';
import { directSqlite, hotSql, runHot } from '../db/connect.js';
import { isPostgres } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import type { ChoiceButton } from '../runtime/replies.js';
import type { ChannelBotRow } from './channel-bot.js';
import { turnKey, type ChatKey, type ChatState, type InboxItem, type OutboxItem } from './store.js';

type Db = Kysely<Database>;

const PENDING_SENDS = `exists (select 1 from channel_outbox o where o.bot_id = ? and o.channel = ? and o.chat_id = ?
  and o.state = 'pending')`;
/** The conversation's first update not yet handled (its `#` column). */
const FIRST_UPDATE = `(select i.# from channel_inbox i where i.bot_id = ? and i.channel = ? and i.chat_id = ?
  and i.state = 'pending' order by i.id limit 1)`;
/** The bot's channel settings (see ChannelBot), each a key lookup by the bot's id. */
const BOT_COLUMNS = [
  'telegram_token',
  'whatsapp_token',
  'whatsapp_phone_id',
  'language',
  'supported_languages',
]
  .map((column) => `(select b.${column} from bots b where b.id = ?) as bot_${column}`)
  .join(', ');
const GUEST_ID = `(select g.id from guest_sessions g where g.bot_id = ? and g.channel = ?
  and g.external_chat_id = ?) as guest_id`;
const TAKE_CHAT = hotSql(
  'channel_take_chat',
  `insert into channel_chats (bot_id, channel, chat_id, locked_by, locked_until, updated_at)
   values (?, ?, ?, ?, ?, ?)
   on conflict (bot_id, channel, chat_id) do update
     set locked_by = excluded.locked_by, locked_until = excluded.locked_until
     where channel_chats.locked_until is null or channel_chats.locked_until < ?
       or channel_chats.locked_by = excluded.locked_by
   returning offered, confirm_restart, send_after, ${PENDING_SENDS} as backlog,
     ${FIRST_UPDATE.replace('#', 'id')} as next_id, ${FIRST_UPDATE.replace('#', 'payload')} as next_payload,
     ${BOT_COLUMNS}, ${GUEST_ID}`,
);

export interface TakenChat extends ChatState {
  /** Messages of earlier turns wait to be sent (a retry_after, a failed send). */
  backlog: boolean;
  /** The conversation's first update to handle, as the lease was taken. */
  next: InboxItem | null;
  /** The bot's channel settings as the lease was taken (null: the bot is gone). */
  bot: ChannelBotRow | null;
  /** The chat's guest, null before its first turn. */
  guestId: string | null;
}

type TakeRow = {
  offered: string | null;
  confirm_restart: number;
  send_after: number | null;
  backlog: number | boolean;
  next_id: number | null;
  next_payload: string | null;
  guest_id: string | null;
} & { [K in `bot_${keyof ChannelBotRow}`]: ChannelBotRow[keyof ChannelBotRow] | null };

/**
 * Takes the conversation's lease for `runner` until `until` (one turn of a conversation at a time,
 * across server instances) and answers its state; null while another runner holds it.
 */
export async function takeChat(
  db: Db,
  key: ChatKey,
  runner: string,
  until: number,
  now = Date.now(),
): Promise<TakenChat | null> {
  const chat = [key.botId, key.channel, key.chatId];
  const bot = Array<number>(5).fill(key.botId);
  const { rows } = await runHot<TakeRow>(db, TAKE_CHAT, [
    ...chat,
    runner,
    until,
    now,
    now,
    ...chat,
    ...chat,
    ...chat,
    ...bot,
    ...chat,
  ]);
  const row = rows[0];
  if (!row) return null;
  return {
    offered: row.offered ? (JSON.parse(row.offered) as ChoiceButton[]) : null,
    confirmRestart: Number(row.confirm_restart) === 1,
    sendAfter: Number(row.send_after ?? 0),
    backlog: Boolean(Number(row.backlog)),
    next:
      row.next_id === null || row.next_payload === null
        ? null
        : { id: Number(row.next_id), payload: JSON.parse(row.next_payload) as unknown },
    bot:
      row.bot_language === null
        ? null
        : {
            id: key.botId,
            telegram_token: row.bot_telegram_token,
            whatsapp_token: row.bot_whatsapp_token,
            whatsapp_phone_id: row.bot_whatsapp_phone_id,
            language: row.bot_language,
            supported_languages: row.bot_supported_languages,
          },
    guestId: row.guest_id,
  };
}

const INSERT_SEND = `insert into channel_outbox (bot_id, channel, chat_id, body, state, created_at, updated_at)
  values (?, ?, ?, ?, 'pending', ?, ?) returning id`;
const HANDLED = `update channel_inbox set state = 'done' where id = ?`;
/** The handled update's job, when no runner took it yet (a later update of a busy conversation). */
const JOB_NOT_NEEDED = `update jobs set state = 'done', updated_at = ? where dedupe_key = ? and state = 'queued'`;
const CHAT_AFTER_TURN = `update channel_chats set offered = ?, confirm_restart = ?, updated_at = ?
  where bot_id = ? and channel = ? and chat_id = ?`;
/** PostgreSQL: the three writes of queueTurn as one statement (atomic, one round trip). */
const QUEUE_TURN_PG = hotSql(
  'channel_queue_turn',
  `with added as (
     insert into channel_outbox (bot_id, channel, chat_id, body, state, created_at, updated_at)
     select cast(? as integer), ?, ?, b.body, 'pending', cast(? as bigint), cast(? as bigint) from json_array_elements_text(cast(? as json))
       with ordinality as b(body, n) order by b.n
     returning id
   ), handled as (${HANDLED} returning id), chat as (${CHAT_AFTER_TURN} returning chat_id),
   job as (${JOB_NOT_NEEDED} returning id)
   select id from added order by id`,
);

/**
 * Queues a turn's messages for the chat (after any not yet sent), marks its update handled and
 * keeps the chat's state, at once: the queued messages, in order.
 */
export async function queueTurn(
  db: Db,
  key: ChatKey,
  bodies: unknown[],
  handled: number,
  chat: { offered: ChoiceButton[] | null; confirmRestart: boolean },
  now = Date.now(),
): Promise<OutboxItem[]> {
  const texts = bodies.map((body) => JSON.stringify(body));
  const state = [chat.offered ? JSON.stringify(chat.offered) : null, chat.confirmRestart ? 1 : 0, now];
  const where = [key.botId, key.channel, key.chatId];
  const items = (ids: number[]) => ids.map((id, i) => ({ id, body: bodies[i], attempts: 0 }));
  if (isPostgres(db)) {
    const { rows } = await runHot<{ id: number }>(db, QUEUE_TURN_PG, [
      ...where,
      now,
      now,
      JSON.stringify(texts),
      handled,
      ...state,
      ...where,
      now,
      turnKey(handled),
    ]);
    return items(rows.map((r) => Number(r.id)));
  }
  const file = directSqlite(db);
  if (file) {
    // Synchronous on the file: nothing interleaves, and no wait in Kysely's connection queue.
    file.prepare('begin immediate').run();
    try {
      const ids = texts.map((text) =>
        Number((file.prepare(INSERT_SEND).get([...where, text, now, now]) as { id: number }).id),
      );
      file.prepare(HANDLED).run([handled]);
      file.prepare(CHAT_AFTER_TURN).run([...state, ...where]);
      file.prepare(JOB_NOT_NEEDED).run([now, turnKey(handled)]);
      file.prepare('commit').run();
      return items(ids);
    } catch (error) {
      file.prepare('rollback').run();
      throw error;
    }
  }
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const text of texts) {
      const { rows } = await runHot<{ id: number }>(trx, hotSql('channel_insert_send', INSERT_SEND), [
        ...where,
        text,
        now,
        now,
      ]);
      ids.push(Number(rows[0].id));
    }
    await runHot(trx, hotSql('channel_handled', HANDLED), [handled]);
    await runHot(trx, hotSql('channel_chat_after_turn', CHAT_AFTER_TURN), [...state, ...where]);
    await runHot(trx, hotSql('channel_job_not_needed', JOB_NOT_NEEDED), [now, turnKey(handled)]);
    return items(ids);
  });
}

const RELEASE = hotSql(
  'channel_release_chat',
  `update channel_chats set locked_by = null, locked_until = null
   where bot_id = ? and channel = ? and chat_id = ? and locked_by = ?`,
);

/** Lets the conversation's lease go (a turn that failed or must wait: its job comes back). */
export async function letGo(db: Db, key: ChatKey, runner: string): Promise<void> {
  await runHot(db, RELEASE, [key.botId, key.channel, key.chatId, runner]);
}
