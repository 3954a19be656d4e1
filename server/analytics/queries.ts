// The dashboard's reads (issue 19 §3, §5): node figures from the hourly rollups plus the raw
// events since the watermark, session figures from the outcome rows grouped in SQL by bucket, and
// latencies from the calls. Each read is one indexed range of one bot; nothing reads all events.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { DAY_MS, HOUR_MS, leftShare, rate } from '../../src/core/analytics/index.js';
import type { MetricsAnswer, MetricsQuery, NodeMetric } from '../../src/core/api/analytics.js';
import type { Database } from '../db/schema.js';
import { rolledUntil } from './rollups.js';

type Db = Kysely<Database>;

export const DEFAULT_RANGE_MS = 7 * DAY_MS;

export interface Range {
  from: number;
  to: number;
}

export function rangeOf(query: { from?: number; to?: number }, now = Date.now()): Range {
  const to = query.to ?? now;
  return { from: query.from ?? to - DEFAULT_RANGE_MS, to };
}

/** The published version of the bot's flow, or 0 when it has none. */
async function publishedVersion(db: Db, botId: number, flow: string): Promise<number> {
  const row = await db
    .selectFrom('flows')
    .select('version')
    .where('bot_id', '=', botId)
    .where('name', '=', flow)
    .executeTakeFirst();
  return row ? Number(row.version) : 0;
}

/** The latest change to the bot's analytics: what the live stream watches. */
export async function changeStamp(db: Db, botId: number): Promise<number> {
  const row = await db
    .selectFrom('analytics_sessions')
    .select(sql<number | null>`max(last_at)`.as('stamp'))
    .where('bot_id', '=', botId)
    .executeTakeFirst();
  return Number(row?.stamp ?? 0);
}

interface NodeFilter {
  botId: number;
  flow: string;
  version: number;
  channel?: string;
  language?: string;
}

function filtered<QB extends SelectQueryBuilder<Database, keyof Database, object>>(
  query: QB,
  channel: string | undefined,
  language: string | undefined,
): QB {
  let q = query;
  if (channel) q = q.where('channel' as never, '=', channel as never) as QB;
  if (language) q = q.where('language' as never, '=', language as never) as QB;
  return q;
}

interface LinkCount {
  node_id: string;
  from_node: string | null;
  visits: number;
  guests: number;
}

/** Visits and first visits per (node, incoming link): rolled hours, then raw events after the watermark. */
async function nodeCounts(db: Db, f: NodeFilter, range: Range): Promise<LinkCount[]> {
  const watermark = await rolledUntil(db);
  // Rolled hours count whole: a range starting mid-hour takes that hour in.
  const fromHour = range.from - (range.from % HOUR_MS);
  const rolledEnd = Math.min(watermark, range.to);
  const reads: Promise<LinkCount[]>[] = [];
  if (fromHour < rolledEnd) {
    const rolled = db
      .selectFrom('analytics_node_hours')
      .select(['node_id', 'from_node'])
      .select((eb) => [eb.fn.sum<number>('visits').as('visits'), eb.fn.sum<number>('guests').as('guests')])
      .where('bot_id', '=', f.botId)
      .where('flow_name', '=', f.flow)
      .where('flow_version', '=', f.version)
      .where('hour', '>=', fromHour)
      .where('hour', '<', rolledEnd)
      .groupBy(['node_id', 'from_node']);
    reads.push(filtered(rolled, f.channel, f.language).execute());
  }
  const rawFrom = Math.max(watermark, range.from);
  if (rawFrom < range.to) {
    const raw = db
      .selectFrom('analytics_visits')
      .select(['node_id', 'from_node'])
      .select((eb) => [eb.fn.countAll<number>().as('visits'), eb.fn.sum<number>('first').as('guests')])
      .where('at', '>=', rawFrom)
      .where('at', '<', range.to)
      .where('bot_id', '=', f.botId)
      .where('flow_name', '=', f.flow)
      .where('flow_version', '=', f.version)
      .groupBy(['node_id', 'from_node']);
    reads.push(filtered(raw, f.channel, f.language).execute());
  }
  return (await Promise.all(reads)).flat();
}

/** Guests who stopped at each node (not at an end), by their last activity in the range. */
async function leftCounts(db: Db, f: NodeFilter, range: Range) {
  const query = db
    .selectFrom('analytics_sessions')
    .select(['last_node'])
    .select((eb) => eb.fn.countAll<number>().as('left'))
    .where('bot_id', '=', f.botId)
    .where('last_at', '>=', range.from)
    .where('last_at', '<', range.to)
    .where('flow_name', '=', f.flow)
    .where('version', '=', f.version)
    .where('ended', '=', 0)
    .groupBy('last_node');
  return filtered(query, f.channel, f.language).execute();
}

/** The versions guests ran (from the index of where they left: no table read). */
async function versionsOf(db: Db, botId: number, flow: string): Promise<number[]> {
  const rows = await db
    .selectFrom('analytics_sessions')
    .select('version')
    .distinct()
    .where('bot_id', '=', botId)
    .where('flow_name', '=', flow)
    .execute();
  return rows.map((r) => Number(r.version));
}

export async function nodeMetrics(db: Db, f: NodeFilter, range: Range) {
  const [counts, lefts] = await Promise.all([nodeCounts(db, f, range), leftCounts(db, f, range)]);
  const nodes = new Map<string, NodeMetric>();
  const figures = (node: string) => {
    let metric = nodes.get(node);
    if (!metric) nodes.set(node, (metric = { flow: f.flow, node, visits: 0, guests: 0, left: 0, share: 0 }));
    return metric;
  };
  const links = new Map<string, { from: string; to: string; traffic: number }>();
  for (const row of counts) {
    const metric = figures(row.node_id);
    metric.visits += Number(row.visits);
    metric.guests += Number(row.guests);
    const from = row.from_node ?? '';
    if (!from) continue;
    const key = `${from}>${row.node_id}`;
    const link = links.get(key) ?? { from, to: row.node_id, traffic: 0 };
    link.traffic += Number(row.visits);
    links.set(key, link);
  }
  for (const row of lefts) if (row.last_node) figures(row.last_node).left += Number(row.left);
  for (const metric of nodes.values()) metric.share = leftShare(metric);
  return { nodes: [...nodes.values()], links: [...links.values()] };
}

interface SessionGroup {
  bucket: number;
  channel: string;
  language: string;
  conversations: number;
  completed: number;
  fallbacks: number;
  messages_in: number;
  messages_out: number;
}

/** Sessions started in the range, grouped by bucket, channel and language in SQL. */
async function sessionGroups(db: Db, botId: number, query: MetricsQuery, range: Range) {
  const size = query.bucket === 'day' ? DAY_MS : HOUR_MS;
  const shift = query.bucket === 'day' ? (query.offset ?? 0) * 60_000 : 0;
  const bucket = sql<number>`((started_at + ${shift}) - ((started_at + ${shift}) % ${size}) - ${shift})`;
  const rows = db
    .selectFrom('analytics_sessions')
    .select([bucket.as('bucket'), 'channel', 'language'])
    .select((eb) => [
      eb.fn.countAll<number>().as('conversations'),
      eb.fn.sum<number>('completed').as('completed'),
      eb.fn.sum<number>('fallbacks').as('fallbacks'),
      eb.fn.sum<number>('messages_in').as('messages_in'),
      eb.fn.sum<number>('messages_out').as('messages_out'),
    ])
    .where('bot_id', '=', botId)
    .where('started_at', '>=', range.from)
    .where('started_at', '<', range.to)
    // By position: PostgreSQL does not see two parameterised expressions as the same one.
    .groupBy([sql`1`, sql`2`, sql`3`]);
  return (await filtered(rows, query.channel, query.language).execute()) as SessionGroup[];
}

/**
 * Latency buckets: exact below 100 ms, then two significant digits (within 10 %), so the
 * database counts calls per bucket and only a few hundred rows come back however many calls.
 */
const LATENCY_BUCKET = sql<number>`case when ms < 100 then ms when ms < 1000 then ms - ms % 10
  when ms < 10000 then ms - ms % 100 when ms < 100000 then ms - ms % 1000 else ms - ms % 10000 end`;

/** The p-th percentile from (value, count) buckets in ascending order: the bucket's low end. */
function bucketPercentile(buckets: { value: number; count: number }[], total: number, p: number) {
  if (!total) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const bucket of buckets) {
    seen += bucket.count;
    if (seen >= rank) return bucket.value;
  }
  return buckets[buckets.length - 1].value;
}

async function latencies(db: Db, botId: number, query: MetricsQuery, range: Range) {
  const rows = await filtered(
    db
      .selectFrom('analytics_calls')
      .select(['kind', LATENCY_BUCKET.as('value')])
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('bot_id', '=', botId)
      .where('at', '>=', range.from)
      .where('at', '<', range.to)
      .groupBy([sql`1`, sql`2`])
      .orderBy(sql`2`),
    query.channel,
    query.language,
  ).execute();
  const of = (kind: string) => {
    const buckets = rows
      .filter((r) => r.kind === kind)
      .map((r) => ({ value: Number(r.value), count: Number(r.count) }));
    const count = buckets.reduce((n, b) => n + b.count, 0);
    return { count, p50: bucketPercentile(buckets, count, 50), p95: bucketPercentile(buckets, count, 95) };
  };
  return { ai: of('ai'), api: of('api') };
}

function splitBy(groups: SessionGroup[], key: 'channel' | 'language') {
  const out = new Map<string, { key: string; conversations: number; completed: number }>();
  for (const g of groups) {
    const entry = out.get(g[key]) ?? { key: g[key], conversations: 0, completed: 0 };
    entry.conversations += Number(g.conversations);
    entry.completed += Number(g.completed);
    out.set(g[key], entry);
  }
  return [...out.values()].sort((a, b) => b.conversations - a.conversations);
}

export async function botMetrics(
  db: Db,
  botId: number,
  query: MetricsQuery,
  now = Date.now(),
): Promise<MetricsAnswer> {
  const range = rangeOf(query, now);
  const flow = query.flow ?? 'main';
  const version = query.version ?? (await publishedVersion(db, botId, flow));
  const filter = { botId, flow, version, channel: query.channel, language: query.language };
  const [groups, latency, nodes, versions, stamp] = await Promise.all([
    sessionGroups(db, botId, query, range),
    latencies(db, botId, query, range),
    nodeMetrics(db, filter, range),
    versionsOf(db, botId, flow),
    changeStamp(db, botId),
  ]);
  const series = new Map<number, MetricsAnswer['series'][number]>();
  const totals = { conversations: 0, completed: 0, fallbacks: 0, messagesIn: 0, messagesOut: 0 };
  for (const g of groups) {
    const at = Number(g.bucket);
    const point = series.get(at) ?? { at, conversations: 0, completed: 0, fallbacks: 0, messagesIn: 0 };
    point.conversations += Number(g.conversations);
    point.completed += Number(g.completed);
    point.fallbacks += Number(g.fallbacks);
    point.messagesIn += Number(g.messages_in);
    series.set(at, point);
    totals.conversations += Number(g.conversations);
    totals.completed += Number(g.completed);
    totals.fallbacks += Number(g.fallbacks);
    totals.messagesIn += Number(g.messages_in);
    totals.messagesOut += Number(g.messages_out);
  }
  return {
    success: true,
    from: range.from,
    to: range.to,
    bucket: query.bucket,
    version,
    versions: [...new Set([...versions, version])].sort((a, b) => a - b),
    stamp,
    totals: {
      ...totals,
      completionRate: rate(totals.completed, totals.conversations),
      // The share of the guests' messages the flow could not take.
      fallbackRate: rate(totals.fallbacks, totals.messagesIn),
    },
    series: [...series.values()].sort((a, b) => a.at - b.at),
    latency,
    byChannel: splitBy(groups, 'channel'),
    byLanguage: splitBy(groups, 'language'),
    ...nodes,
  };
}
