// AI and API latencies as a fixed log-scale histogram (issue 19 §5): the hourly rollups keep one
// count per bucket, so p50/p95 over a month add up a few thousand rows of counts instead of
// reading every call. Buckets grow by 20 %: bucket 0 holds 0 ms, bucket k ≥ 1 holds
// [1.2^(k-1), 1.2^k) ms, the last one everything from 81 s on. A percentile answers its
// bucket's geometric middle, within 10 % of the exact nearest-rank value.

export const LATENCY_BUCKETS = 64;
const GROWTH = 1.2;
const LOG_GROWTH = Math.log(GROWTH);

/** The bucket of a latency in ms. */
export function latencyBucket(ms: number): number {
  if (!(ms >= 1)) return 0;
  // The small epsilon keeps exact powers (1.2^k computed as 1.2^k - ulp) in their own bucket.
  const k = 1 + Math.floor(Math.log(ms) / LOG_GROWTH + 1e-9);
  return Math.min(LATENCY_BUCKETS - 1, k);
}

/** What a bucket stands for: its geometric middle, rounded to whole ms (0 for bucket 0). */
export function latencyOfBucket(bucket: number): number {
  if (bucket <= 0) return 0;
  return Math.round(GROWTH ** (bucket - 1) * Math.sqrt(GROWTH));
}

/** A histogram's empty counts. */
export const emptyHistogram = (): number[] => new Array<number>(LATENCY_BUCKETS).fill(0);

/** The p-th percentile (0–100) by nearest rank over bucket counts; null for no calls. */
export function histogramPercentile(counts: readonly number[], p: number): number | null {
  let total = 0;
  for (const n of counts) total += n;
  if (!total) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (let bucket = 0; bucket < counts.length; bucket++) {
    seen += counts[bucket];
    if (seen >= rank) return latencyOfBucket(bucket);
  }
  return latencyOfBucket(counts.length - 1);
}

/** The rollup table's column of a bucket. */
export const bucketColumn = (bucket: number) => `b${bucket}`;
