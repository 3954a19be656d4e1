// Small figures of the results page: percentiles of latencies and time buckets.

/** The p-th percentile (0–100) by nearest rank; null for no values. */
export function percentile(values: readonly number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export type Bucket = 'hour' | 'day';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * The start of the bucket holding `at` (epoch ms, UTC). Days start at midnight in the author's
 * time zone, given as its offset from UTC in minutes (east positive), so a day on the chart is
 * the author's day.
 */
export function bucketStart(at: number, bucket: Bucket, offsetMinutes = 0): number {
  if (bucket === 'hour') return at - (((at % HOUR_MS) + HOUR_MS) % HOUR_MS);
  const shift = offsetMinutes * 60_000;
  const local = at + shift;
  return local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - shift;
}

/** A rate as a share, 0 when there is nothing to divide by. */
export const rate = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
