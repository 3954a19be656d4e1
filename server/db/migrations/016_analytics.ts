import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

// Analytics (issue 19): written with the turn, in the same batched write (repos/guests.ts).
// - analytics_visits: one row per node a turn entered (raw events, kept ANALYTICS_RETENTION_DAYS).
//   `first` marks a session's first visit of the node in that version, so the hourly rollups can
//   add guests up; `from_node` is the node before it (link traffic).
// - analytics_calls: one row per AI or API call, with its latency (raw, purged like the visits).
// - analytics_sessions: one outcome row per guest session, upserted by every turn: where it is,
//   whether it reached an end, its counters, its answers (passwords masked). The conversations
//   table, the CSV export and the per-session charts read it (one row per session is already ten
//   times fewer rows than the events).
// - analytics_node_hours: the hourly rollups of the visits, per node and incoming link, made by
//   the rollup job up to `analytics_rollups.rolled_until`; dashboards add the raw rows after it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('analytics_visits')
    .addColumn('bot_id', 'integer', (c) => c.notNull())
    .addColumn('flow_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('flow_version', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('from_node', 'varchar(255)')
    .addColumn('guest_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('first', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  // Rollups and purges read by time; the current hour of one bot too (a short range of `at`).
  await db.schema
    .createIndex('analytics_visits_at')
    .on('analytics_visits')
    .columns(['at', 'bot_id'])
    .execute();

  await db.schema
    .createTable('analytics_calls')
    .addColumn('bot_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('ms', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'varchar(255)')
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('analytics_calls_bot')
    .on('analytics_calls')
    .columns(['bot_id', 'at'])
    .execute();

  await db.schema
    .createTable('analytics_sessions')
    .addColumn('guest_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('bot_id', 'integer', (c) => c.notNull())
    .addColumn('flow_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('last_node', 'varchar(255)')
    /** The current run is at an end (not a drop-off). */
    .addColumn('ended', 'integer', (c) => c.notNull())
    /** Some run reached an end. */
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addColumn('fallbacks', 'integer', (c) => c.notNull())
    .addColumn('messages_in', 'integer', (c) => c.notNull())
    .addColumn('messages_out', 'integer', (c) => c.notNull())
    .addColumn('ai_calls', 'integer', (c) => c.notNull())
    .addColumn('ai_ms', 'bigint', (c) => c.notNull())
    .addColumn('api_calls', 'integer', (c) => c.notNull())
    .addColumn('api_ms', 'bigint', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    /** JSON text: the session's variables, passwords masked. */
    .addColumn('answers', 'text', (c) => c.notNull())
    .execute();
  // Charts by start time, read from the index alone (covering: the rows hold the answers, far
  // wider); the conversations table pages by last activity (keyset: last_at, guest_id); where
  // guests left, per version, from the index alone too.
  await db.schema
    .createIndex('analytics_sessions_started')
    .on('analytics_sessions')
    .columns([
      'bot_id',
      'started_at',
      'channel',
      'language',
      'completed',
      'fallbacks',
      'messages_in',
      'messages_out',
    ])
    .execute();
  await db.schema
    .createIndex('analytics_sessions_left')
    .on('analytics_sessions')
    .columns(['bot_id', 'flow_name', 'version', 'ended', 'last_at', 'last_node', 'channel', 'language'])
    .execute();
  await db.schema
    .createIndex('analytics_sessions_last')
    .on('analytics_sessions')
    .columns(['bot_id', 'last_at', 'guest_id'])
    .execute();

  await db.schema
    .createTable('analytics_node_hours')
    .addColumn('bot_id', 'integer', (c) => c.notNull())
    .addColumn('flow_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('flow_version', 'integer', (c) => c.notNull())
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('node_id', 'varchar(255)', (c) => c.notNull())
    /** '' when the run started at the node. */
    .addColumn('from_node', 'varchar(255)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull())
    .addColumn('guests', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_node_hours_pk', [
      'bot_id',
      'flow_name',
      'flow_version',
      'hour',
      'node_id',
      'from_node',
      'channel',
      'language',
    ])
    .execute();
  await db.schema
    .createIndex('analytics_node_hours_hour')
    .on('analytics_node_hours')
    .column('hour')
    .execute();

  await db.schema
    .createTable('analytics_rollups')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('rolled_until', 'bigint', (c) => c.notNull())
    .execute();
  if (postgres) await sql`alter table analytics_sessions set (fillfactor = 70)`.execute(db);
}
