// The chart series of the results page, with empty buckets filled in so a quiet hour shows as 0.
import { bucketStart, DAY_MS, HOUR_MS, rate } from '../../core/analytics';
import type { MetricsAnswer } from '../../core/api/analytics';

export interface ChartData {
  times: number[];
  conversations: number[];
  completed: number[];
  completionRate: (number | null)[];
  fallbackRate: (number | null)[];
}

/** At most this many buckets are drawn (a long range by hour is shown from its end). */
const MAX_BUCKETS = 800;

export function chartData(metrics: MetricsAnswer, offsetMinutes: number): ChartData {
  const size = metrics.bucket === 'day' ? DAY_MS : HOUR_MS;
  const points = new Map(metrics.series.map((p) => [p.at, p]));
  const first = bucketStart(metrics.from, metrics.bucket, offsetMinutes);
  const start = Math.max(first, metrics.to - size * MAX_BUCKETS);
  const data: ChartData = {
    times: [],
    conversations: [],
    completed: [],
    completionRate: [],
    fallbackRate: [],
  };
  // The offset is one number for the whole range (the server buckets the same way), so every day
  // bucket is 24 hours long.
  for (let at = bucketStart(start, metrics.bucket, offsetMinutes); at < metrics.to; at += size) {
    const point = points.get(at);
    data.times.push(at);
    data.conversations.push(point?.conversations ?? 0);
    data.completed.push(point?.completed ?? 0);
    data.completionRate.push(point?.conversations ? rate(point.completed, point.conversations) : null);
    data.fallbackRate.push(point?.messagesIn ? rate(point.fallbacks, point.messagesIn) : null);
  }
  return data;
}
