import type { Kysely } from 'kysely';
import { autoId, isPostgres } from '../dialect.js';

// Chat channels (issue 16). A webhook stores what it received and answers at once; the work runs
// later, in order per conversation (server/channels/conversation-drain.ts):
// - channel_inbox: every update received, once (update_key is unique: Telegram's update_id,
//   WhatsApp's message id), in arrival order (id).
// - channel_outbox: every message to send, in order per chat, with the API's id once sent and the
//   delivery status the channel reported (WhatsApp's sent / delivered / read / failed).
// - channel_chats: one row per conversation: the lease of the instance working on it (so turns of
//   one chat run one at a time across instances), the choices last offered (a number or a button
//   picks among them) and a pending "Restart the conversation?".
// - channel_states: per bot and channel, what the Advanced tab shows: the webhook's secret and
//   address, the last API error and the time of the last message.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const id = isPostgres(db) ? 'bigint' : 'integer';
  await db.schema
    .createTable('channel_inbox')
    .addColumn('id', id, autoId(db))
    .addColumn('bot_id', 'integer', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('chat_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('update_key', 'varchar(255)', (c) => c.notNull().unique())
    /** JSON text: the update as the channel sent it. */
    .addColumn('payload', 'text', (c) => c.notNull())
    /** pending, then done. */
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('channel_inbox_chat')
    .on('channel_inbox')
    .columns(['bot_id', 'channel', 'chat_id', 'state', 'id'])
    .execute();
  await db.schema
    .createTable('channel_outbox')
    .addColumn('id', id, autoId(db))
    .addColumn('bot_id', 'integer', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('chat_id', 'varchar(64)', (c) => c.notNull())
    /** JSON text: { method, params } for Telegram, the message body for WhatsApp. */
    .addColumn('body', 'text', (c) => c.notNull())
    /** pending, sent or dead. */
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** The API's id of the sent message (WhatsApp wamid, Telegram message_id). */
    .addColumn('external_id', 'varchar(255)')
    /** The channel's last delivery status (sent, delivered, read, failed). */
    .addColumn('status', 'varchar(16)')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('channel_outbox_chat')
    .on('channel_outbox')
    .columns(['bot_id', 'channel', 'chat_id', 'state', 'id'])
    .execute();
  await db.schema.createIndex('channel_outbox_external').on('channel_outbox').column('external_id').execute();
  await db.schema
    .createTable('channel_chats')
    .addColumn('bot_id', 'integer', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('chat_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('locked_until', 'bigint')
    /** JSON text: the ChoiceButton list last offered, or null. */
    .addColumn('offered', 'text')
    /** No send to this chat before this time (epoch ms): the API asked to wait (retry_after). */
    .addColumn('send_after', 'bigint')
    /** 1 while "Restart the conversation?" waits for Yes or No. */
    .addColumn('confirm_restart', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_chats_pk', ['bot_id', 'channel', 'chat_id'])
    .execute();
  await db.schema
    .createTable('channel_states')
    .addColumn('bot_id', 'integer', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    /** Telegram's secret_token for this bot's webhook. */
    .addColumn('secret', 'varchar(256)')
    .addColumn('webhook_url', 'text')
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'bigint')
    .addColumn('last_message_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_states_pk', ['bot_id', 'channel'])
    .execute();
}
