// The rollups' arithmetic (issue 19 §5): latency histograms give percentiles within 10 % of the
// exact ones, rolling a changed outcome row moves its figures without counting it twice, and a
// range is read from whole days and its edges' hours.
import { describe, expect, it } from 'vitest';
import {
  emptyHistogram,
  histogramPercentile,
  HOUR_MS,
  latencyBucket,
  latencyOfBucket,
  LATENCY_BUCKETS,
  percentile,
  rollupDeltas,
  rollupSpans,
  wholeHours,
  type SessionFigures,
} from '../../src/core/analytics';

describe('latency histogram', () => {
  it('puts every latency in a bucket whose value is within 10 %', () => {
    expect(latencyBucket(0)).toBe(0);
    expect(latencyOfBucket(0)).toBe(0);
    for (let ms = 1; ms < 80_000; ms = Math.ceil(ms * 1.07)) {
      const value = latencyOfBucket(latencyBucket(ms));
      expect(Math.abs(value - ms) / ms, `${ms} ms`).toBeLessThanOrEqual(0.1 + 0.5 / ms);
    }
    expect(latencyBucket(10_000_000)).toBe(LATENCY_BUCKETS - 1);
  });

  it('gives p50 and p95 by nearest rank over the counts', () => {
    const latencies = Array.from({ length: 1000 }, (_, i) => 50 + ((i * 37) % 900));
    const counts = emptyHistogram();
    for (const ms of latencies) counts[latencyBucket(ms)]++;
    for (const p of [50, 95]) {
      const exact = percentile(latencies, p)!;
      expect(Math.abs(histogramPercentile(counts, p)! - exact) / exact).toBeLessThanOrEqual(0.1);
    }
    expect(histogramPercentile(emptyHistogram(), 50)).toBeNull();
  });
});

describe('rollup deltas of outcome rows', () => {
  const hour = 100 * HOUR_MS;
  const session = (over: Partial<SessionFigures> = {}): SessionFigures => ({
    botId: 1,
    startedAt: hour + 10,
    lastAt: hour + 20,
    flow: 'main',
    version: 1,
    lastNode: 'menu',
    ended: 0,
    completed: 0,
    fallbacks: 0,
    messagesIn: 2,
    messagesOut: 3,
    channel: 'web',
    language: 'en',
    ...over,
  });

  it('adds a new row whole: a conversation in its start hour, a leaver at its last node', () => {
    expect(rollupDeltas([{ now: session(), rolled: null }])).toEqual({
      started: [
        {
          botId: 1,
          hour,
          channel: 'web',
          language: 'en',
          conversations: 1,
          completed: 0,
          fallbacks: 0,
          messagesIn: 2,
          messagesOut: 3,
        },
      ],
      left: [
        { botId: 1, hour, flow: 'main', version: 1, node: 'menu', channel: 'web', language: 'en', left: 1 },
      ],
    });
  });

  it('moves a row that went on: only the counters’ growth, and the leaver from its old node and hour to the new', () => {
    const rolled = session();
    const now = session({ lastAt: hour + 2 * HOUR_MS, lastNode: 'secret', messagesIn: 3, messagesOut: 4 });
    const deltas = rollupDeltas([{ now, rolled }]);
    expect(deltas.started).toEqual([
      expect.objectContaining({ hour, conversations: 0, messagesIn: 1, messagesOut: 1 }),
    ]);
    expect(deltas.left).toEqual([
      expect.objectContaining({ hour: hour + 2 * HOUR_MS, node: 'secret', left: 1 }),
      expect.objectContaining({ hour, node: 'menu', left: -1 }),
    ]);
  });

  it('takes a leaver away when the guest reaches an end, and leaves out what did not change', () => {
    const rolled = session();
    expect(rollupDeltas([{ now: session(), rolled }])).toEqual({ started: [], left: [] });
    const ended = rollupDeltas([{ now: session({ ended: 1, completed: 1 }), rolled }]);
    expect(ended.started).toEqual([expect.objectContaining({ conversations: 0, completed: 1 })]);
    expect(ended.left).toEqual([expect.objectContaining({ node: 'menu', left: -1 })]);
  });

  it('moves a conversation whose channel or language changed, and a leaver to the new version', () => {
    const deltas = rollupDeltas([{ now: session({ language: 'fr', version: 2 }), rolled: session() }]);
    expect(deltas.started).toEqual([
      expect.objectContaining({ language: 'fr', conversations: 1 }),
      expect.objectContaining({ language: 'en', conversations: -1 }),
    ]);
    expect(deltas.left).toEqual([
      expect.objectContaining({ version: 2, language: 'fr', left: 1 }),
      expect.objectContaining({ version: 1, language: 'en', left: -1 }),
    ]);
  });
});

describe('rollup spans', () => {
  const DAY = 24 * HOUR_MS;
  const day0 = 20_000 * DAY;

  it('rounds a range out to whole hours', () => {
    expect(wholeHours({ from: day0 + 90 * 60_000, to: day0 + 5 * HOUR_MS + 1 })).toEqual({
      from: day0 + HOUR_MS,
      to: day0 + 6 * HOUR_MS,
    });
    expect(wholeHours({ from: day0, to: day0 + HOUR_MS })).toEqual({ from: day0, to: day0 + HOUR_MS });
  });

  it('reads whole days from the days and the edges from the hours, covering the span exactly once', () => {
    const from = day0 + 5 * HOUR_MS;
    const to = day0 + 3 * DAY + 7 * HOUR_MS;
    const spans = rollupSpans(from, to);
    expect(spans.days).toEqual({ from: day0 + DAY, to: day0 + 3 * DAY });
    expect(spans.hours).toEqual([
      { from, to: day0 + DAY },
      { from: day0 + 3 * DAY, to },
    ]);
    const covered = [...spans.hours, spans.days!].reduce((n, s) => n + (s.to - s.from), 0);
    expect(covered).toBe(to - from);
  });

  it('reads hours only when no whole day fits, and nothing for an empty span', () => {
    expect(rollupSpans(day0 + HOUR_MS, day0 + DAY + HOUR_MS)).toEqual({
      days: null,
      hours: [{ from: day0 + HOUR_MS, to: day0 + DAY + HOUR_MS }],
    });
    expect(rollupSpans(day0, day0 + 2 * DAY)).toEqual({
      days: { from: day0, to: day0 + 2 * DAY },
      hours: [],
    });
    expect(rollupSpans(day0, day0)).toEqual({ days: null, hours: [] });
  });
});
