import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import {
  lastOccurrence,
  nextOccurrences,
  occurrencesBetween,
  type Schedule,
} from '../../src/core/notifications';

const local = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toFormat('yyyy-LL-dd HH:mm ZZ');
const ms = (iso: string) => DateTime.fromISO(iso, { setZone: true }).toMillis();

const daily = (zone: string, startAt: string, extra: Partial<Schedule> = {}): Schedule => ({
  startAt,
  endAt: null,
  repeatMinutes: 1440,
  repeatLimit: null,
  timezone: zone,
  ...extra,
});

describe('occurrences', () => {
  it('starts at start_at and repeats every repeat_minutes', () => {
    const s = daily('UTC', '2025-06-01T10:00:00Z', { repeatMinutes: 120 });
    const got = occurrencesBetween(s, ms('2025-06-01T00:00Z'), ms('2025-06-01T15:00Z'));
    expect(got.map((o) => local(o.at, 'UTC'))).toEqual([
      '2025-06-01 10:00 +00:00',
      '2025-06-01 12:00 +00:00',
      '2025-06-01 14:00 +00:00',
    ]);
    expect(got.map((o) => o.index)).toEqual([0, 1, 2]);
  });

  it('stops at the end and after the limit; forever and unlimited go on', () => {
    const base = daily('Asia/Tokyo', '2025-01-01T09:00:00+09:00');
    const all = (s: Schedule) => occurrencesBetween(s, 0, ms('2025-03-01T00:00Z')).length;
    expect(all(base)).toBe(60);
    expect(all({ ...base, repeatLimit: 3 })).toBe(3);
    expect(all({ ...base, endAt: '2025-01-05T09:00:00+09:00' })).toBe(5);
    expect(all({ ...base, endAt: '2025-01-05T08:59:00+09:00', repeatLimit: 10 })).toBe(4);
    expect(all({ ...base, repeatLimit: 1 })).toBe(1);
  });

  it('keeps 09:00 local across both changes in America/New_York', () => {
    const s = daily('America/New_York', '2025-03-07T09:00:00-05:00');
    const got = nextOccurrences(s, ms('2025-03-06T00:00Z'), 4).map((o) => local(o.at, s.timezone));
    expect(got).toEqual([
      '2025-03-07 09:00 -05:00',
      '2025-03-08 09:00 -05:00',
      '2025-03-09 09:00 -04:00',
      '2025-03-10 09:00 -04:00',
    ]);
    const fall = nextOccurrences(s, ms('2025-11-01T00:00Z'), 3).map((o) => local(o.at, s.timezone));
    expect(fall).toEqual(['2025-11-01 09:00 -04:00', '2025-11-02 09:00 -05:00', '2025-11-03 09:00 -05:00']);
  });

  it('keeps 09:00 local in Europe/Paris, and elapsed hours differ by one on the change day', () => {
    const s = daily('Europe/Paris', '2025-03-29T09:00:00+01:00');
    const [a, b] = nextOccurrences(s, ms('2025-03-29T00:00Z'), 2);
    expect(local(b.at, s.timezone)).toBe('2025-03-30 09:00 +02:00');
    expect((b.at - a.at) / 3_600_000).toBe(23);
  });

  it('runs a time the clock jumps over at the next valid minute', () => {
    // 02:30 does not exist in New York on 9 March 2025 (02:00 → 03:00).
    const s = daily('America/New_York', '2025-03-08T02:30:00-05:00');
    const got = nextOccurrences(s, ms('2025-03-08T00:00Z'), 3).map((o) => local(o.at, s.timezone));
    expect(got).toEqual(['2025-03-08 02:30 -05:00', '2025-03-09 03:00 -04:00', '2025-03-10 02:30 -04:00']);
    // Paris: 02:15 on 30 March 2025 does not exist either.
    const p = daily('Europe/Paris', '2025-03-29T02:15:00+01:00');
    expect(local(nextOccurrences(p, ms('2025-03-29T12:00Z'), 1)[0].at, p.timezone)).toBe(
      '2025-03-30 03:00 +02:00',
    );
  });

  it('runs a time the clock passes twice once', () => {
    // 01:30 happens twice in New York on 2 November 2025.
    const s = daily('America/New_York', '2025-11-01T01:30:00-04:00');
    const got = occurrencesBetween(s, ms('2025-11-01T00:00Z'), ms('2025-11-04T00:00Z'));
    expect(got.map((o) => local(o.at, s.timezone))).toEqual([
      '2025-11-01 01:30 -04:00',
      '2025-11-02 01:30 -04:00',
      '2025-11-03 01:30 -05:00',
    ]);
    // Every 30 minutes through the repeated hour: each wall-clock time once.
    const h = { ...s, startAt: '2025-11-02T00:30:00-04:00', repeatMinutes: 30 };
    const night = occurrencesBetween(h, 0, ms('2025-11-02T08:00Z')).map((o) => local(o.at, h.timezone));
    expect(night).toEqual([
      '2025-11-02 00:30 -04:00',
      '2025-11-02 01:00 -04:00',
      '2025-11-02 01:30 -04:00',
      '2025-11-02 02:00 -05:00',
      '2025-11-02 02:30 -05:00',
      '2025-11-02 03:00 -05:00',
    ]);
  });

  it('counts two wall-clock times in one gap once', () => {
    const s = daily('America/New_York', '2025-03-09T01:30:00-05:00', { repeatMinutes: 30 });
    const got = occurrencesBetween(s, 0, ms('2025-03-09T08:30Z')).map((o) => local(o.at, s.timezone));
    expect(got).toEqual([
      '2025-03-09 01:30 -05:00',
      '2025-03-09 03:00 -04:00',
      '2025-03-09 03:30 -04:00',
      '2025-03-09 04:00 -04:00',
      '2025-03-09 04:30 -04:00',
    ]);
  });

  it('stays 09:00 and 24 hours apart in Asia/Kolkata on the days New York and Paris change', () => {
    const s = daily('Asia/Kolkata', '2025-03-08T09:00:00+05:30');
    const spring = nextOccurrences(s, ms('2025-03-08T00:00Z'), 3);
    expect(spring.map((o) => local(o.at, s.timezone))).toEqual([
      '2025-03-08 09:00 +05:30',
      '2025-03-09 09:00 +05:30',
      '2025-03-10 09:00 +05:30',
    ]);
    const paris = nextOccurrences(s, ms('2025-03-29T00:00Z'), 3);
    expect(paris.map((o) => local(o.at, s.timezone))).toEqual([
      '2025-03-29 09:00 +05:30',
      '2025-03-30 09:00 +05:30',
      '2025-03-31 09:00 +05:30',
    ]);
    for (const run of [spring, paris]) expect(run[2].at - run[0].at).toBe(48 * 3_600_000);
  });

  it('is plain arithmetic in a zone without daylight saving', () => {
    const s = daily('Asia/Kolkata', '2025-03-01T09:00:00+05:30', { repeatMinutes: 7 * 60 });
    const got = nextOccurrences(s, ms('2025-03-30T00:00Z'), 3);
    expect(got[1].at - got[0].at).toBe(7 * 3_600_000);
    expect(got[2].at - got[1].at).toBe(7 * 3_600_000);
  });

  it('finds the last occurrence at or before a time, and none before the start', () => {
    const s = daily('Europe/Paris', '2025-01-01T09:00:00+01:00', { repeatMinutes: 60 });
    expect(lastOccurrence(s, ms('2024-12-31T00:00Z'))).toBeNull();
    const last = lastOccurrence(s, ms('2025-01-02T10:30:00+01:00'))!;
    expect(local(last.at, 'Europe/Paris')).toBe('2025-01-02 10:00 +01:00');
    expect(last.index).toBe(25);
  });

  it('finds occurrences far from the start quickly', () => {
    const s = daily('Europe/Paris', '2020-01-01T00:00:00Z', { repeatMinutes: 1 });
    const got = nextOccurrences(s, ms('2025-07-01T12:00:30Z'), 2).map((o) => new Date(o.at).toISOString());
    expect(got).toEqual(['2025-07-01T12:01:00.000Z', '2025-07-01T12:02:00.000Z']);
  });
});
