import { sql, type Kysely } from 'kysely';
import {
  bucketColumn,
  emptyHistogram,
  latencyBucket,
  LATENCY_BUCKETS,
} from '../../../src/core/analytics/index.js';
import { isPostgres } from '../dialect.js';

// One raw event per turn instead of a row per visit and per call (issue 19's cost: each row a
// turn writes costs the runtime, docs/analytics-cost.md). analytics_turns holds each turn's
// analytics as one JSON text; the fold (analytics/fold.ts) adds the events after its cursor (the
// `turns` row of analytics_rollups: the last event id folded) into analytics_node_hours and
// analytics_call_hours and upserts the outcome rows, so those hourly rows now grow during their
// hour and the rollup job only makes the days. No index but the id: a turn writes one row.
// - SQLite: a rowid table without AUTOINCREMENT (its sqlite_sequence row would be one more write
//   per turn); the purge keeps the cursor's own row, so ids only grow.
// - The raw visits and calls not rolled yet (after each rollup's watermark) are counted into their
//   hours here, then those tables go: the hours read now as they read then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('analytics_turns')
    .addColumn('id', postgres ? 'bigint' : 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
    )
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .execute();
  // The fold's cursor starts before the first event; the fold only moves it (compare and set).
  await db.insertInto('analytics_rollups').values({ name: 'turns', rolled_until: 0 }).execute();

  const mark = async (name: string) => {
    const row = await db
      .selectFrom('analytics_rollups')
      .select('rolled_until')
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? Number(row.rolled_until) : 0;
  };
  const hour = sql.raw('at - (at % 3600000)');
  await sql`insert into analytics_node_hours
      (bot_id, flow_name, flow_version, hour, node_id, from_node, channel, language, visits, guests)
    select bot_id, flow_name, flow_version, ${hour}, node_id, coalesce(from_node, ''), channel,
      language, count(*), sum(first)
    from analytics_visits where at >= ${await mark('visits')}
    group by 1, 2, 3, 4, 5, 6, 7, 8`.execute(db);

  const { rows } = await sql<{
    bot_id: number;
    hour: number;
    kind: string;
    channel: string;
    language: string;
    ms: number;
    n: number;
  }>`select bot_id, ${hour} as hour, kind, channel, language, ms, count(*) as n from analytics_calls
    where at >= ${await mark('calls')} group by 1, 2, 3, 4, 5, 6`.execute(db);
  const hours = new Map<string, { key: (typeof rows)[number]; counts: number[] }>();
  for (const row of rows) {
    const id = [row.bot_id, row.hour, row.kind, row.channel, row.language].join('\u0000');
    let entry = hours.get(id);
    if (!entry) hours.set(id, (entry = { key: row, counts: emptyHistogram() }));
    entry.counts[latencyBucket(Number(row.ms))] += Number(row.n);
  }
  for (const { key, counts } of hours.values())
    await db
      .insertInto('analytics_call_hours')
      .values({
        bot_id: Number(key.bot_id),
        hour: Number(key.hour),
        kind: key.kind,
        channel: key.channel,
        language: key.language,
        ...Object.fromEntries(
          Array.from({ length: LATENCY_BUCKETS }, (_, b) => [bucketColumn(b), counts[b]]),
        ),
      })
      .execute();

  await db.schema.dropTable('analytics_visits').execute();
  await db.schema.dropTable('analytics_calls').execute();
}
