import type { Kysely } from 'kysely';
import { autoId } from '../dialect.js';

// Lists (origins, supported languages) and the scheduler are JSON text: they are always read and
// written with their bot, and the same text column works on SQLite and PostgreSQL.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bots')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'integer', (c) => c.notNull())
    .addColumn('supported_languages', 'text', (c) => c.notNull())
    .addColumn('origins', 'text', (c) => c.notNull())
    .addColumn('allow_subpaths', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('custom_avatar', 'text')
    .addColumn('is_avatar', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('auto_translate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('use_tts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('use_ext_tts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('use_stt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('use_ext_stt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tts_gender', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('whatsapp_phone_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('whatsapp_token', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('telegram_token', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notification_scheduler', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Every bot query is scoped to its owner.
  await db.schema.createIndex('bots_user_id').on('bots').column('user_id').execute();

  // One theme per bot, kept as one JSON document: it is a style sheet, always read whole.
  await db.schema
    .createTable('themes')
    .addColumn('bot_id', 'integer', (c) => c.primaryKey().references('bots.id').onDelete('cascade'))
    .addColumn('theme', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
