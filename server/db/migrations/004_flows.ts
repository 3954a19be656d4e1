import type { Kysely } from 'kysely';
import { autoId } from '../dialect.js';

// A bot's main flow and its flow templates share one table, keyed by (bot_id, name): they are the
// same thing to the editor (a named node list) and the name 'main' is reserved for the main flow.
// The nodes are one JSON document: a flow is always read and published whole, and the same text
// column works on SQLite and PostgreSQL. `version` counts publishes, so a publish made from an
// older copy is refused instead of silently overwriting someone else's work.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('flows')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('bot_id', 'integer', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('nodes', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // Also what a racing second "create" runs into: two first publishes cannot both insert.
    .addUniqueConstraint('flows_bot_id_name_unique', ['bot_id', 'name'])
    .execute();

  // The notification node's push message types (spec 2 §3): reference data, like languages.
  await db.schema
    .createTable('push_message_types')
    .addColumn('code', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('label', 'varchar(200)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('push_message_types')
    .values([
      { code: 'WEATHER', label: 'Daily weather update', position: 1 },
      { code: 'NEWS', label: 'News digest', position: 2 },
      { code: 'REMINDER', label: 'Reminder', position: 3 },
      { code: 'PROMOTION', label: 'Promotion', position: 4 },
    ])
    .execute();
}
