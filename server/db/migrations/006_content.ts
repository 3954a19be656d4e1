import type { Kysely } from 'kysely';

// Content storage (spec 2 §7, issue 5): the texts, videos, images, carousels and file variables
// of basic nodes, one row per element, keyed by (bot, id). The id is the editor's own (it puts it
// in the node before saving) or one the server made up, so the key is per bot: two bots may use
// the same id. `template_name` is null for the main flow. `content` is JSON text in the shape the
// editor reads; `files` lists the uploads (under DATA_DIR/uploads/content) the row owns, so a
// file is removed, copied or kept by what the row says it owns, never by what a client names.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contents')
    .addColumn('bot_id', 'integer', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('id', 'varchar(64)', (c) => c.notNull())
    .addColumn('template_name', 'varchar(200)')
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('reviewable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('contents_pk', ['bot_id', 'id'])
    .execute();
  await db.schema
    .createIndex('contents_bot_template')
    .on('contents')
    .columns(['bot_id', 'template_name'])
    .execute();
}
