// The dashboard's figures of conversations (issue 19 §3, §5) from the rollups: conversations and
// their outcome counters by start hour, guests who left by node, latency histograms. Only the rows
// changed since a rollup's watermark are read raw: the outcome rows whose last turn came after it
// (each adds its figures now and takes away the snapshot the rollups hold for it, so the sums are
// exact at every moment); the latency hours after it have no days yet and are read on their own. Drop-off and latencies read whole days from the
// daily rollups and the edges' hours from the hourly ones (rollup-reads.ts); conversations stay
// hourly (the charts bucket them by the author's local day). The range comes in whole hours
// (queries.ts), so rolled hours and raw rows cover exactly the same span.
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import {
  bucketColumn,
  bucketStart,
  emptyHistogram,
  histogramPercentile,
  hourOf,
  LATENCY_BUCKETS,
  leftPart,
  startedPart,
  type SessionFigures,
} from '../../src/core/analytics/index.js';
import type { MetricsQuery } from '../../src/core/api/analytics.js';
import type { Database } from '../db/schema.js';
import { filterSql, readRolled, spanSql } from './rollup-reads.js';
import { sessionRollupColumns, type SessionRollupRow } from './outcome-columns.js';
import { figuresNow, figuresRolled } from './session-rollups.js';

type Db = Kysely<Database>;

export interface Range {
  from: number;
  to: number;
}

interface Filters {
  channel?: string;
  language?: string;
}

/** Whether the rollup hour holding `at` is one the dashboard reads (whole hours before the watermark). */
function inRolledHours(at: number, range: Range, watermark: number): boolean {
  const hour = hourOf(at);
  return hour >= hourOf(range.from) && hour < Math.min(watermark, range.to);
}

/** Whether a row's time falls in the range as rollups (before the watermark) and raw rows (after) read it. */
function counted(at: number, range: Range, watermark: number): boolean {
  if (at >= watermark) return at >= range.from && at < range.to;
  return inRolledHours(at, range, watermark);
}

const matches = (f: Filters, s: SessionFigures) =>
  (!f.channel || f.channel === s.channel) && (!f.language || f.language === s.language);

/** The bot's outcome rows changed since the sessions' watermark, with their snapshots. */
export async function changedSessions(db: Db, botId: number, watermark: number) {
  const { rows } = await sql<SessionRollupRow>`select ${sql.raw(sessionRollupColumns('s'))}
    from analytics_sessions s where s.bot_id = ${botId} and s.last_at >= ${watermark}`.execute(db);
  return rows.map((r) => ({ now: figuresNow(r), rolled: figuresRolled(r) }));
}
export type ChangedSessions = Awaited<ReturnType<typeof changedSessions>>;

export interface SessionGroup {
  bucket: number;
  channel: string;
  language: string;
  conversations: number;
  completed: number;
  fallbacks: number;
  messages_in: number;
  messages_out: number;
}

/** The query narrowed to a channel and a language when the dashboard asks for them. */
export function withFilters<QB extends SelectQueryBuilder<Database, keyof Database, object>>(
  query: QB,
  f: Filters,
): QB {
  let q = query;
  if (f.channel) q = q.where('channel' as never, '=', f.channel as never) as QB;
  if (f.language) q = q.where('language' as never, '=', f.language as never) as QB;
  return q;
}

/** Conversations started in the range, by bucket, channel and language. */
export async function sessionGroups(
  db: Db,
  botId: number,
  query: MetricsQuery,
  range: Range,
  watermark: number,
  changed: ChangedSessions,
): Promise<SessionGroup[]> {
  const size = query.bucket === 'day' ? 86_400_000 : 3_600_000;
  const offset = query.bucket === 'day' ? (query.offset ?? 0) : 0;
  const shift = offset * 60_000;
  const groups: SessionGroup[] = [];
  const rolledEnd = Math.min(watermark, range.to);
  if (hourOf(range.from) < rolledEnd) {
    const bucket = sql<number>`((hour + ${shift}) - ((hour + ${shift}) % ${size}) - ${shift})`;
    const rolled = db
      .selectFrom('analytics_session_hours')
      .select([bucket.as('bucket'), 'channel', 'language'])
      .select((eb) => [
        eb.fn.sum<number>('conversations').as('conversations'),
        eb.fn.sum<number>('completed').as('completed'),
        eb.fn.sum<number>('fallbacks').as('fallbacks'),
        eb.fn.sum<number>('messages_in').as('messages_in'),
        eb.fn.sum<number>('messages_out').as('messages_out'),
      ])
      .where('bot_id', '=', botId)
      .where('hour', '>=', hourOf(range.from))
      .where('hour', '<', rolledEnd)
      // By position: PostgreSQL does not see two parameterised expressions as the same one.
      .groupBy([sql`1`, sql`2`, sql`3`]);
    groups.push(...((await withFilters(rolled, query).execute()) as SessionGroup[]));
  }
  // A snapshot is taken away only where the rollups read hold it.
  const add = (s: SessionFigures, sign: number) => {
    const read = sign > 0 ? counted : inRolledHours;
    if (!read(s.startedAt, range, watermark) || !matches(query, s)) return;
    const part = startedPart(s, sign);
    const at = s.startedAt < watermark ? part.hour : s.startedAt;
    groups.push({
      bucket: bucketStart(at, query.bucket, offset),
      channel: part.channel,
      language: part.language,
      conversations: part.conversations,
      completed: part.completed,
      fallbacks: part.fallbacks,
      messages_in: part.messagesIn,
      messages_out: part.messagesOut,
    });
  };
  for (const row of changed) {
    add(row.now, 1);
    if (row.rolled) add(row.rolled, -1);
  }
  return groups;
}

/** Guests who stopped at each node of the version (not at an end), by their last turn in the range. */
export async function leftCounts(
  db: Db,
  f: Filters & { botId: number; flow: string; version: number },
  range: Range,
  watermark: number,
  changed: ChangedSessions,
): Promise<Map<string, number>> {
  const left = new Map<string, number>();
  const rolled = await readRolled(range, watermark, async (level, span) => {
    const table = sql.table(`analytics_left_${level.table}`);
    const { rows } = await sql<{ node_id: string; left: number }>`select node_id,
        sum(guests_left) as ${sql.ref('left')} from ${table}
      where bot_id = ${f.botId} and flow_name = ${f.flow} and flow_version = ${f.version}
        and ${spanSql(level, span)}${filterSql(f)}
      group by node_id`.execute(db);
    return rows;
  });
  for (const row of rolled) left.set(row.node_id, (left.get(row.node_id) ?? 0) + Number(row.left));
  const add = (s: SessionFigures, sign: number) => {
    const part = leftPart(s, sign);
    if (!part || part.flow !== f.flow || part.version !== f.version) return;
    const read = sign > 0 ? counted : inRolledHours;
    if (!read(s.lastAt, range, watermark) || !matches(f, s)) return;
    left.set(part.node, (left.get(part.node) ?? 0) + sign);
  };
  for (const row of changed) {
    add(row.now, 1);
    if (row.rolled) add(row.rolled, -1);
  }
  return left;
}

/**
 * The versions guests ran: the rolled days' versions, by a skip over their key (one seek per
 * version, each an explicit `order by … limit 1`: PostgreSQL's min() read every row of the bot
 * without fresh statistics), and those of the visits after the watermark. Days hold every rolled
 * hour's versions (remade with them).
 */
export async function versionsOf(db: Db, botId: number, flow: string, watermark: number) {
  const next = (after: RawBuilder<unknown>) => sql`(select flow_version from analytics_node_days
    where bot_id = ${botId} and flow_name = ${flow} and flow_version > ${after}
    order by flow_version limit 1)`;
  const [rolled, raw] = await Promise.all([
    sql<{ version: number }>`with recursive v(version) as (
        select ${next(sql`-1`)}
        union all
        select ${next(sql`v.version`)} from v where v.version is not null
      ) select version from v where version is not null`.execute(db),
    db
      .selectFrom('analytics_node_hours')
      .select('flow_version as version')
      .distinct()
      .where('hour', '>=', watermark)
      .where('bot_id', '=', botId)
      .where('flow_name', '=', flow)
      .execute(),
  ]);
  return [...new Set([...rolled.rows, ...raw].map((r) => Number(r.version)))];
}

const SUMS = sql.raw(
  Array.from({ length: LATENCY_BUCKETS }, (_, b) => `sum(${bucketColumn(b)}) as ${bucketColumn(b)}`).join(
    ', ',
  ),
);

/** AI and API latencies: daily and hourly histograms added up, then the hours after the watermark. */
export async function latencies(db: Db, botId: number, f: Filters, range: Range, watermark: number) {
  const histograms = { ai: emptyHistogram(), api: emptyHistogram() };
  const of = (kind: string) => (kind === 'ai' ? histograms.ai : kind === 'api' ? histograms.api : null);
  const addHistograms = (rows: Record<string, number | string>[]) => {
    for (const row of rows) {
      const counts = of(String(row.kind));
      if (!counts) continue;
      for (let b = 0; b < LATENCY_BUCKETS; b++) counts[b] += Number(row[bucketColumn(b)] ?? 0);
    }
  };
  const reads: Promise<void>[] = [
    readRolled(range, watermark, async (level, span) => {
      const table = sql.table(`analytics_call_${level.table}`);
      const { rows } = await sql<Record<string, number | string>>`select kind, ${SUMS} from ${table}
        where bot_id = ${botId} and ${spanSql(level, span)}${filterSql(f)}
        group by kind`.execute(db);
      return rows;
    }).then(addHistograms),
  ];
  // After the watermark the hours have no days yet: they are read on their own.
  const rawFrom = Math.max(watermark, range.from);
  if (rawFrom < range.to)
    reads.push(
      sql<Record<string, number | string>>`select kind, ${SUMS} from analytics_call_hours
        where bot_id = ${botId} and hour >= ${rawFrom} and hour < ${range.to}${filterSql(f)}
        group by kind`
        .execute(db)
        .then(({ rows }) => addHistograms(rows)),
    );
  await Promise.all(reads);
  const figures = (counts: number[]) => ({
    count: counts.reduce((n, c) => n + c, 0),
    p50: histogramPercentile(counts, 50),
    p95: histogramPercentile(counts, 95),
  });
  return { ai: figures(histograms.ai), api: figures(histograms.api) };
}
