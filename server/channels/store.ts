// The channel tables (013b_channels): the inbox a webhook writes, the outbox the senders drain,
// the per-conversation lease and state, and the per-bot channel status the Advanced tab shows.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ChoiceButton } from '../runtime/replies.js';

type Db = Kysely<Database>;

export type ChannelKind = 'telegram' | 'whatsapp';

/** One conversation on a channel: a bot and the channel's chat id. */
export interface ChatKey {
  botId: number;
  channel: ChannelKind;
  chatId: string;
}

const where = (key: ChatKey) => ({ bot_id: key.botId, channel: key.channel, chat_id: key.chatId }) as const;

/** Stores an update once: false when its key was stored before (a retried delivery). */
export async function storeUpdate(
  db: Db,
  key: ChatKey,
  updateKey: string,
  payload: unknown,
  now = Date.now(),
): Promise<number | null> {
  const row = await db
    .insertInto('channel_inbox')
    .values({
      ...where(key),
      update_key: updateKey,
      payload: JSON.stringify(payload),
      state: 'pending',
      created_at: now,
    })
    .onConflict((oc) => oc.column('update_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export interface InboxItem {
  id: number;
  payload: unknown;
}

/** The conversation's first update not yet handled (arrival order). */
export async function nextUpdate(db: Db, key: ChatKey): Promise<InboxItem | null> {
  const row = await db
    .selectFrom('channel_inbox')
    .select(['id', 'payload'])
    .where('bot_id', '=', key.botId)
    .where('channel', '=', key.channel)
    .where('chat_id', '=', key.chatId)
    .where('state', '=', 'pending')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: Number(row.id), payload: JSON.parse(row.payload) as unknown } : null;
}

export async function updateIsPending(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('channel_inbox').select('state').where('id', '=', id).executeTakeFirst();
  return row?.state === 'pending';
}

export interface OutboxItem {
  id: number;
  body: unknown;
  attempts: number;
}

/** Queues messages for the chat (after any not yet sent) and marks the update handled, at once. */
export async function queueReplies(
  db: Db,
  key: ChatKey,
  bodies: unknown[],
  handled: number,
  chat: { offered: ChoiceButton[] | null; confirmRestart: boolean },
  now = Date.now(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (bodies.length)
      await trx
        .insertInto('channel_outbox')
        .values(
          bodies.map((body) => ({
            ...where(key),
            body: JSON.stringify(body),
            state: 'pending',
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    await trx.updateTable('channel_inbox').set({ state: 'done' }).where('id', '=', handled).execute();
    await trx
      .updateTable('channel_chats')
      .set({
        offered: chat.offered ? JSON.stringify(chat.offered) : null,
        confirm_restart: chat.confirmRestart ? 1 : 0,
        updated_at: now,
      })
      .where('bot_id', '=', key.botId)
      .where('channel', '=', key.channel)
      .where('chat_id', '=', key.chatId)
      .execute();
  });
}

export async function pendingSends(db: Db, key: ChatKey): Promise<OutboxItem[]> {
  const rows = await db
    .selectFrom('channel_outbox')
    .select(['id', 'body', 'attempts'])
    .where('bot_id', '=', key.botId)
    .where('channel', '=', key.channel)
    .where('chat_id', '=', key.chatId)
    .where('state', '=', 'pending')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), body: JSON.parse(r.body) as unknown, attempts: r.attempts }));
}

export async function markSent(db: Db, id: number, externalId: string | null, now = Date.now()) {
  await db
    .updateTable('channel_outbox')
    .set({ state: 'sent', external_id: externalId, status: 'sent', updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Records a failed try: dead with the API's error once `dead`, else pending for another try. */
export async function markFailed(db: Db, item: OutboxItem, error: string, dead: boolean, now = Date.now()) {
  await db
    .updateTable('channel_outbox')
    .set({ attempts: item.attempts + 1, error, state: dead ? 'dead' : 'pending', updated_at: now })
    .where('id', '=', item.id)
    .execute();
}

/** A delivery status the channel reported for a message it was sent (WhatsApp statuses). */
export async function recordStatus(
  db: Db,
  externalId: string,
  status: string,
  error: string | null,
  now = Date.now(),
) {
  const result = await db
    .updateTable('channel_outbox')
    .set({ status, ...(error ? { error } : {}), updated_at: now })
    .where('external_id', '=', externalId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface ChatState {
  offered: ChoiceButton[] | null;
  confirmRestart: boolean;
  sendAfter: number;
}

/**
 * Takes the conversation's lease for `runner` until `until`: false while another runner holds it
 * (one turn of a conversation at a time, across server instances).
 */
export async function leaseChat(db: Db, key: ChatKey, runner: string, until: number, now = Date.now()) {
  await db
    .insertInto('channel_chats')
    .values({ ...where(key), updated_at: now })
    .onConflict((oc) => oc.columns(['bot_id', 'channel', 'chat_id']).doNothing())
    .execute();
  const result = await db
    .updateTable('channel_chats')
    .set({ locked_by: runner, locked_until: until })
    .where('bot_id', '=', key.botId)
    .where('channel', '=', key.channel)
    .where('chat_id', '=', key.chatId)
    .where((eb) =>
      eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now), eb('locked_by', '=', runner)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseChat(db: Db, key: ChatKey, runner: string) {
  await db
    .updateTable('channel_chats')
    .set({ locked_by: null, locked_until: null })
    .where('bot_id', '=', key.botId)
    .where('channel', '=', key.channel)
    .where('chat_id', '=', key.chatId)
    .where('locked_by', '=', runner)
    .execute();
}

export async function chatState(db: Db, key: ChatKey): Promise<ChatState> {
  const row = await db
    .selectFrom('channel_chats')
    .select(['offered', 'confirm_restart', 'send_after'])
    .where('bot_id', '=', key.botId)
    .where('channel', '=', key.channel)
    .where('chat_id', '=', key.chatId)
    .executeTakeFirst();
  return {
    offered: row?.offered ? (JSON.parse(row.offered) as ChoiceButton[]) : null,
    confirmRestart: row?.confirm_restart === 1,
    sendAfter: Number(row?.send_after ?? 0),
  };
}

export async function delaySends(db: Db, key: ChatKey, until: number) {
  await db
    .updateTable('channel_chats')
    .set({ send_after: until })
    .where('bot_id', '=', key.botId)
    .where('channel', '=', key.channel)
    .where('chat_id', '=', key.chatId)
    .execute();
}

/** Does the conversation have an update to handle or a message to send? */
export async function hasWork(db: Db, key: ChatKey): Promise<boolean> {
  for (const table of ['channel_inbox', 'channel_outbox'] as const) {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('bot_id', '=', key.botId)
      .where('channel', '=', key.channel)
      .where('chat_id', '=', key.chatId)
      .where('state', '=', 'pending')
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

// --- What the Advanced tab shows per bot and channel ---------------------------------------------

export interface ChannelStatus {
  secret: string | null;
  webhookUrl: string | null;
  lastError: string | null;
  lastErrorAt: number | null;
  lastMessageAt: number | null;
}

export async function channelStatus(
  db: Db,
  botId: number,
  channel: ChannelKind,
): Promise<ChannelStatus | null> {
  const row = await db
    .selectFrom('channel_states')
    .selectAll()
    .where('bot_id', '=', botId)
    .where('channel', '=', channel)
    .executeTakeFirst();
  return row
    ? {
        secret: row.secret,
        webhookUrl: row.webhook_url,
        lastError: row.last_error,
        lastErrorAt: row.last_error_at === null ? null : Number(row.last_error_at),
        lastMessageAt: row.last_message_at === null ? null : Number(row.last_message_at),
      }
    : null;
}

type StatusChange = Partial<{
  secret: string | null;
  webhook_url: string | null;
  last_error: string | null;
  last_error_at: number | null;
  last_message_at: number | null;
}>;

export async function setChannelStatus(
  db: Db,
  botId: number,
  channel: ChannelKind,
  change: StatusChange,
  now = Date.now(),
) {
  await db
    .insertInto('channel_states')
    .values({ bot_id: botId, channel, ...change, updated_at: now })
    .onConflict((oc) => oc.columns(['bot_id', 'channel']).doUpdateSet({ ...change, updated_at: now }))
    .execute();
}
