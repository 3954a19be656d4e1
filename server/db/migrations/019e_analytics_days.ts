import { sql, type Kysely } from 'kysely';
import { LATENCY_BUCKETS, bucketColumn } from '../../../src/core/analytics/latency-histogram.js';

// Daily rollups (issue 19 §5): a 30-day dashboard adds ~30 rows per key instead of ~720 hourly
// ones. Each is the sum of its UTC day's hourly rows, remade by the rollup job for every day whose
// hours it changed (server/analytics/day-rollups.ts), so days always equal their hours; the
// dashboard reads whole days from here and the hours at its range's edges.
// - analytics_node_days ← analytics_node_hours, analytics_left_days ← analytics_left_hours,
//   analytics_call_days ← analytics_call_hours (b0…b63). Conversations by start stay hourly: the
//   charts bucket them by the author's local day, which UTC days cannot split.
// - An index on the time of each hourly table the job remakes a day from (the node hours have
//   had one since 016), and on each daily table's day (the job replaces a day of every bot).
// Backfilled here from the hours already rolled.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_node_days')
    .addColumn('bot_id', 'integer', (c) => c.notNull())
    .addColumn('flow_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('flow_version', 'integer', (c) => c.notNull())
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('node_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('from_node', 'varchar(255)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull())
    .addColumn('guests', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_node_days_pk', [
      'bot_id',
      'flow_name',
      'flow_version',
      'day',
      'node_id',
      'from_node',
      'channel',
      'language',
    ])
    .execute();

  await db.schema
    .createTable('analytics_left_days')
    .addColumn('bot_id', 'integer', (c) => c.notNull())
    .addColumn('flow_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('flow_version', 'integer', (c) => c.notNull())
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('node_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('guests_left', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_left_days_pk', [
      'bot_id',
      'flow_name',
      'flow_version',
      'day',
      'node_id',
      'channel',
      'language',
    ])
    .execute();

  let calls = db.schema
    .createTable('analytics_call_days')
    .addColumn('bot_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(16)', (c) => c.notNull());
  for (let b = 0; b < LATENCY_BUCKETS; b++)
    calls = calls.addColumn(bucketColumn(b), 'integer', (c) => c.notNull().defaultTo(0));
  await calls
    .addPrimaryKeyConstraint('analytics_call_days_pk', ['bot_id', 'day', 'kind', 'channel', 'language'])
    .execute();

  for (const table of ['analytics_node_days', 'analytics_left_days', 'analytics_call_days'])
    await db.schema.createIndex(`${table}_day`).on(table).column('day').execute();
  for (const table of ['analytics_left_hours', 'analytics_call_hours'])
    await db.schema.createIndex(`${table}_hour`).on(table).column('hour').execute();

  const day = sql.raw(`hour - (hour % ${24 * 3_600_000})`);
  const buckets = Array.from({ length: LATENCY_BUCKETS }, (_, b) => bucketColumn(b));
  await sql`insert into analytics_node_days
      (bot_id, flow_name, flow_version, day, node_id, from_node, channel, language, visits, guests)
    select bot_id, flow_name, flow_version, ${day}, node_id, from_node, channel, language,
      sum(visits), sum(guests)
    from analytics_node_hours group by 1, 2, 3, 4, 5, 6, 7, 8`.execute(db);
  await sql`insert into analytics_left_days
      (bot_id, flow_name, flow_version, day, node_id, channel, language, guests_left)
    select bot_id, flow_name, flow_version, ${day}, node_id, channel, language, sum(guests_left)
    from analytics_left_hours group by 1, 2, 3, 4, 5, 6, 7`.execute(db);
  await sql`insert into analytics_call_days
      (bot_id, day, kind, channel, language, ${sql.raw(buckets.join(', '))})
    select bot_id, ${day}, kind, channel, language, ${sql.raw(buckets.map((b) => `sum(${b})`).join(', '))}
    from analytics_call_hours group by 1, 2, 3, 4, 5`.execute(db);
}
