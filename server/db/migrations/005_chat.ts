import type { Kysely } from 'kysely';
import { autoId } from '../dialect.js';

// Conversations (issue 6). A guest's session is one JSON document (where the guest is in the
// flow, variables, language) read and written whole each turn, with a version for
// compare-and-set so two server instances never interleave turns of one guest. Messages are rows
// numbered per guest (seq), written in the same transaction as the session that counted them.
// Messages are never updated: whether a choice is still open is read from the order (a guest
// message after it answers it), so a turn only appends.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('guest_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('bot_id', 'integer', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('guest_sessions_bot_id').on('guest_sessions').column('bot_id').execute();

  await db.schema
    .createTable('conversation_messages')
    .addColumn('guest_id', 'varchar(64)', (c) =>
      c.notNull().references('guest_sessions.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('sender', 'varchar(8)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    /** The reply as the client reads it, JSON. */
    .addColumn('payload', 'text', (c) => c.notNull())
    /** Its content per language code, JSON, for re-rendering in another language. */
    .addColumn('translations', 'text')
    .addColumn('language_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversation_messages_pk', ['guest_id', 'seq'])
    .execute();

  // What notification nodes subscribed a guest to; the notifications issue delivers them.
  await db.schema
    .createTable('notification_subscriptions')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('guest_id', 'varchar(64)', (c) =>
      c.notNull().references('guest_sessions.id').onDelete('cascade'),
    )
    .addColumn('bot_id', 'integer', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('push_message_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('start_at', 'varchar(5)', (c) => c.notNull())
    .addColumn('frequency', 'integer', (c) => c.notNull())
    .addColumn('language_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // Subscribing again to the same type updates the subscription instead of doubling the pushes.
    .addUniqueConstraint('notification_subscriptions_guest_type', ['guest_id', 'push_message_type'])
    .execute();
  await db.schema
    .createIndex('notification_subscriptions_bot_id')
    .on('notification_subscriptions')
    .column('bot_id')
    .execute();
}
