// The dashboard's reads (issue 19 §3, §5), all from the rollups (whole days from the daily ones,
// the range's edges from the hourly ones) plus what came after each rollup's watermark: node
// visits and link traffic here, conversations, drop-off and latencies in session-figures.ts.
// Ranges are counted in whole hours (wholeHours), the rollups' grain. Each read is one indexed range of one bot; nothing reads a month of events.
import { sql, type Kysely } from 'kysely';
import { DAY_MS, leftShare, rate, wholeHours } from '../../src/core/analytics/index.js';
import type { MetricsAnswer, MetricsQuery, NodeMetric } from '../../src/core/api/analytics.js';
import type { Database } from '../db/schema.js';
import { filterSql, readRolled, spanSql } from './rollup-reads.js';
import { watermarks } from './rollups.js';
import {
  changedSessions,
  latencies,
  leftCounts,
  sessionGroups,
  versionsOf,
  withFilters,
  type ChangedSessions,
  type Range,
  type SessionGroup,
} from './session-figures.js';

type Db = Kysely<Database>;

export const DEFAULT_RANGE_MS = 7 * DAY_MS;

export type { Range };

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

interface LinkCount {
  node_id: string;
  from_node: string | null;
  visits: number;
  guests: number;
}

/** Visits and first visits per (node, incoming link): rolled days and hours, then the hours after the watermark. */
async function nodeCounts(db: Db, f: NodeFilter, range: Range, watermark: number): Promise<LinkCount[]> {
  const reads: Promise<LinkCount[]>[] = [
    readRolled(range, watermark, async (level, span) => {
      const table = sql.table(`analytics_node_${level.table}`);
      const { rows } = await sql<LinkCount>`select node_id, from_node, sum(visits) as visits,
          sum(guests) as guests from ${table}
        where bot_id = ${f.botId} and flow_name = ${f.flow} and flow_version = ${f.version}
          and ${spanSql(level, span)}${filterSql(f)}
        group by node_id, from_node`.execute(db);
      return rows;
    }),
  ];
  // After the watermark the hours have no days yet: they are read on their own.
  const rawFrom = Math.max(watermark, range.from);
  if (rawFrom < range.to) {
    const hours = db
      .selectFrom('analytics_node_hours')
      .select(['node_id', 'from_node'])
      .select((eb) => [eb.fn.sum<number>('visits').as('visits'), eb.fn.sum<number>('guests').as('guests')])
      .where('hour', '>=', rawFrom)
      .where('hour', '<', range.to)
      .where('bot_id', '=', f.botId)
      .where('flow_name', '=', f.flow)
      .where('flow_version', '=', f.version)
      .groupBy(['node_id', 'from_node']);
    reads.push(withFilters(hours, f).execute());
  }
  return (await Promise.all(reads)).flat();
}

async function nodeMetrics(
  db: Db,
  f: NodeFilter,
  range: Range,
  marks: { visits: number; sessions: number },
  changed: ChangedSessions,
) {
  const [counts, lefts] = await Promise.all([
    nodeCounts(db, f, range, marks.visits),
    leftCounts(db, f, range, marks.sessions, changed),
  ]);
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
  for (const [node, left] of lefts) if (left) figures(node).left += left;
  for (const metric of nodes.values()) metric.share = leftShare(metric);
  return { nodes: [...nodes.values()], links: [...links.values()] };
}

function splitBy(groups: SessionGroup[], key: 'channel' | 'language') {
  const out = new Map<string, { key: string; conversations: number; completed: number }>();
  for (const g of groups) {
    const entry = out.get(g[key]) ?? { key: g[key], conversations: 0, completed: 0 };
    entry.conversations += Number(g.conversations);
    entry.completed += Number(g.completed);
    out.set(g[key], entry);
  }
  // A conversation that moved to another channel or language leaves a zero behind.
  return [...out.values()]
    .filter((e) => e.conversations || e.completed)
    .sort((a, b) => b.conversations - a.conversations);
}

const sameMarks = (a: Record<string, number>, b: Record<string, number>) =>
  Object.keys(a).every((k) => a[k] === b[k]);

export async function botMetrics(
  db: Db,
  botId: number,
  query: MetricsQuery,
  now = Date.now(),
): Promise<MetricsAnswer> {
  // The reads add rollups and the rows changed since their watermarks: a roll committing between
  // them would count its hour twice or not at all, so they are read again if a watermark moved.
  for (let attempt = 1; ; attempt++) {
    const marks = await watermarks(db);
    const answer = await metricsAt(db, botId, query, now, marks);
    if (attempt === 3 || sameMarks(marks, await watermarks(db))) return answer;
  }
}

async function metricsAt(
  db: Db,
  botId: number,
  query: MetricsQuery,
  now: number,
  marks: Awaited<ReturnType<typeof watermarks>>,
): Promise<MetricsAnswer> {
  // In whole hours, as the rollups hold them: the answer says which (from, to).
  const range = wholeHours(rangeOf(query, now));
  const flow = query.flow ?? 'main';
  const version = query.version ?? (await publishedVersion(db, botId, flow));
  const filter = { botId, flow, version, channel: query.channel, language: query.language };
  const changed = await changedSessions(db, botId, marks.sessions);
  const [groups, latency, nodes, versions, stamp] = await Promise.all([
    sessionGroups(db, botId, query, range, marks.sessions, changed),
    latencies(db, botId, query, range, marks.calls),
    nodeMetrics(db, filter, range, marks, changed),
    versionsOf(db, botId, flow, marks.visits),
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
    series: [...series.values()]
      .filter((p) => p.conversations || p.completed || p.fallbacks || p.messagesIn)
      .sort((a, b) => a.at - b.at),
    latency,
    byChannel: splitBy(groups, 'channel'),
    byLanguage: splitBy(groups, 'language'),
    ...nodes,
  };
}
