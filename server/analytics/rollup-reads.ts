// How the dashboard reads a rollup over its range (issue 19 §5): whole UTC days from the daily
// table, the hours at the range's edges from the hourly one (core/analytics/rollup-spans.ts), each
// part one indexed range of one bot; the caller adds the raw rows after the watermark.
import { sql } from 'kysely';
import { rollupSpans, type Span } from '../../src/core/analytics/index.js';

export type RollupLevel = { table: 'hours' | 'days'; time: 'hour' | 'day' };
const HOURS: RollupLevel = { table: 'hours', time: 'hour' };
const DAYS: RollupLevel = { table: 'days', time: 'day' };

/**
 * The reads of the rolled part of `range` (the hours before `watermark`; both hour-aligned),
 * run together, their rows put together.
 */
export async function readRolled<R>(
  range: Span,
  watermark: number,
  read: (level: RollupLevel, span: Span) => Promise<R[]>,
): Promise<R[]> {
  const spans = rollupSpans(range.from, Math.min(watermark, range.to));
  const reads = spans.hours.map((span) => read(HOURS, span));
  if (spans.days) reads.push(read(DAYS, spans.days));
  return (await Promise.all(reads)).flat();
}

/** `and channel = … and language = …` for the filters the dashboard asks for. */
export function filterSql(f: { channel?: string; language?: string }) {
  const channel = f.channel ? sql` and channel = ${f.channel}` : sql``;
  const language = f.language ? sql` and language = ${f.language}` : sql``;
  return sql`${channel}${language}`;
}

/** `<time> >= from and <time> < to` for a rollup level. */
export const spanSql = (level: RollupLevel, span: Span) =>
  sql`${sql.ref(level.time)} >= ${span.from} and ${sql.ref(level.time)} < ${span.to}`;
