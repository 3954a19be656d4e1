import type { Kysely } from 'kysely';
import { LATENCY_BUCKETS, bucketColumn } from '../../../src/core/analytics/latency-histogram.js';

// Rollups of everything the dashboard reads (issue 19 §5), so a month's figures add up hourly
// rows instead of reading a month of raw rows; only what changed since the last roll is read raw.
// - analytics_session_hours: conversations by the hour they started (per channel and language),
//   with their outcome counters: the charts, totals and rates.
// - analytics_left_hours: guests who stopped at a node, by the hour of their last turn.
// - analytics_call_hours: AI and API latencies as a fixed log-scale histogram per hour (b0…b63,
//   core/analytics/latency-histogram.ts), so p50/p95 come from bucket counts.
// - analytics_sessions.rolled_*: the snapshot of what the rollups hold for the row (null: not
//   rolled yet); a row changed since its snapshot is corrected by the dashboard and re-rolled by
//   the job (core/analytics/session-rollup.ts). The turn's upsert never writes these columns.
// - The covering indexes of 016 the dashboard read outcome rows through (by start, by where guests
//   left) go: it reads rollups now, and each turn's upsert no longer rewrites two index entries
//   (the conversations table, the changed rows and the rollup job use analytics_sessions_last).
// Each rollup has its own watermark (analytics_rollups), starting at 0: the first job run rolls
// what is there, nothing to copy here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_session_hours')
    .addColumn('bot_id', 'integer', (c) => c.notNull())
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('conversations', 'integer', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addColumn('fallbacks', 'integer', (c) => c.notNull())
    .addColumn('messages_in', 'integer', (c) => c.notNull())
    .addColumn('messages_out', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_session_hours_pk', ['bot_id', 'hour', 'channel', 'language'])
    .execute();

  await db.schema
    .createTable('analytics_left_hours')
    .addColumn('bot_id', 'integer', (c) => c.notNull())
    .addColumn('flow_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('flow_version', 'integer', (c) => c.notNull())
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('node_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('guests_left', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_left_hours_pk', [
      'bot_id',
      'flow_name',
      'flow_version',
      'hour',
      'node_id',
      'channel',
      'language',
    ])
    .execute();

  let calls = db.schema
    .createTable('analytics_call_hours')
    .addColumn('bot_id', 'integer', (c) => c.notNull())
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(16)', (c) => c.notNull());
  for (let b = 0; b < LATENCY_BUCKETS; b++)
    calls = calls.addColumn(bucketColumn(b), 'integer', (c) => c.notNull().defaultTo(0));
  await calls
    .addPrimaryKeyConstraint('analytics_call_hours_pk', ['bot_id', 'hour', 'kind', 'channel', 'language'])
    .execute();

  const snapshot: [string, 'bigint' | 'integer' | 'varchar(255)' | 'varchar(16)'][] = [
    ['rolled_last_at', 'bigint'],
    ['rolled_flow', 'varchar(255)'],
    ['rolled_version', 'integer'],
    ['rolled_last_node', 'varchar(255)'],
    ['rolled_ended', 'integer'],
    ['rolled_completed', 'integer'],
    ['rolled_fallbacks', 'integer'],
    ['rolled_messages_in', 'integer'],
    ['rolled_messages_out', 'integer'],
    ['rolled_channel', 'varchar(16)'],
    ['rolled_language', 'varchar(16)'],
  ];
  for (const [name, type] of snapshot)
    await db.schema.alterTable('analytics_sessions').addColumn(name, type).execute();
  await db.schema.dropIndex('analytics_sessions_started').execute();
  await db.schema.dropIndex('analytics_sessions_left').execute();
}
