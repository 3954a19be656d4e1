import { sql, type Kysely } from 'kysely';
import { autoId } from '../dialect.js';

// Issue 20 §4: every publish of a bot's main flow is kept as a version, with when and by whom,
// so the History panel can list them, show one read-only and roll back to it. The nodes are the
// stored JSON text of that publish; `summary` (JSON: nodes added, removed, changed, moved against
// the version before) is counted once at publish time so listing never re-reads every version.
// Main flows published before this migration become their current version, author unknown.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('flow_versions')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('bot_id', 'integer', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('nodes', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    // The author as they were named then; the user may later be deleted.
    .addColumn('author_id', 'integer')
    .addColumn('author_name', 'varchar(200)', (c) => c.notNull())
    // The editor tab that published (a random id it sends), so that tab knows the publish was its own.
    .addColumn('editor', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('flow_versions_bot_version_unique', ['bot_id', 'version'])
    .execute();
  await db
    .insertInto('flow_versions')
    .columns(['bot_id', 'version', 'nodes', 'summary', 'author_id', 'author_name', 'editor', 'created_at'])
    .expression(
      db
        .selectFrom('flows')
        .select([
          'bot_id',
          'version',
          'nodes',
          sql<string>`'{"added":0,"removed":0,"changed":0,"moved":0}'`.as('summary'),
          sql<null>`null`.as('author_id'),
          sql<string>`''`.as('author_name'),
          sql<null>`null`.as('editor'),
          'updated_at',
        ])
        .where('name', '=', 'main'),
    )
    .execute();
}
