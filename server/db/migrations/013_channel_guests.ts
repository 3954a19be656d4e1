import type { Kysely } from 'kysely';

// Guests on a chat channel (issue 16): Telegram and WhatsApp name a conversation by their own chat
// id, not by a guest id the client keeps, so a guest there is found by (bot, channel, chat id).
// Web guests leave both columns null; a unique index treats nulls as distinct on SQLite and
// PostgreSQL alike, so it only binds channel guests — and makes two instances creating the same
// chat's guest at once store one (the other turn loses its insert and runs again on it).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('guest_sessions').addColumn('channel', 'varchar(16)').execute();
  await db.schema.alterTable('guest_sessions').addColumn('external_chat_id', 'varchar(64)').execute();
  await db.schema
    .createIndex('guest_sessions_channel_chat')
    .on('guest_sessions')
    .columns(['bot_id', 'channel', 'external_chat_id'])
    .unique()
    .execute();
}
