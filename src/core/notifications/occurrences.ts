// When a notification runs (spec 3 §3, issue 18): at `start_at`, then every `repeat_minutes`, until
// `end_at` (or forever) and at most `repeat_limit` times (or unlimited). Times are wall-clock in
// the notification's time zone: occurrence k is the start's local date and time plus k × repeat
// minutes on the local clock, so a daily 09:00 stays at 09:00 after a daylight-saving change.
// A local time that does not exist that day (the clock jumps over it) runs at the next valid
// minute; one that exists twice (the clock goes back) runs once, at the first of the two.
// Everything here is pure: the server's scheduler, the page's preview and the tests share it.
import { DateTime } from 'luxon';

export interface Schedule {
  /** ISO 8601 instant (with an offset or Z). */
  startAt: string;
  /** ISO 8601 instant, or null: forever. */
  endAt: string | null;
  /** Minutes between occurrences, ≥ 1. */
  repeatMinutes: number;
  /** At most this many occurrences, or null: unlimited. */
  repeatLimit: number | null;
  /** IANA time zone. */
  timezone: string;
}

export interface Occurrence {
  /** 0 for the start, 1 for the first repeat, … */
  index: number;
  /** Epoch milliseconds. */
  at: number;
}

const MINUTE_MS = 60_000;
/** The longest jump of a zone's clock this looks past for a missing local time, in minutes. */
const LONGEST_GAP_MINUTES = 24 * 60;
/** How far a zone's offset can move the local clock against elapsed time (DST is 1 h, a few 2 h). */
const OFFSET_SLACK_MINUTES = 180;

/** Whether luxon knows the IANA zone. */
export function isTimeZone(zone: string): boolean {
  return typeof zone === 'string' && zone !== '' && DateTime.now().setZone(zone).isValid;
}

/** The instant of a wall-clock time in `zone`; a time the clock jumps over moves to the next valid minute. */
export function wallClockInstant(local: DateTime, zone: string): number {
  const wanted = {
    year: local.year,
    month: local.month,
    day: local.day,
    hour: local.hour,
    minute: local.minute,
  };
  const at = DateTime.fromObject(wanted, { zone });
  if (sameWallClock(at, local)) return firstOfTwice(at, local, zone);
  // The time does not exist in the zone that day: the first local minute after it that does.
  for (let m = 1; m <= LONGEST_GAP_MINUTES; m++) {
    const next = local.plus({ minutes: m });
    const candidate = DateTime.fromObject(
      { year: next.year, month: next.month, day: next.day, hour: next.hour, minute: next.minute },
      { zone },
    );
    if (sameWallClock(candidate, next)) return candidate.toMillis();
  }
  return at.toMillis();
}

/**
 * A local time the clock passes twice (it went back) runs at the first of the two; luxon picks
 * the later. Only near an offset change is there anything to look at.
 */
function firstOfTwice(at: DateTime, local: DateTime, zone: string): number {
  const before = DateTime.fromMillis(at.toMillis() - OFFSET_SLACK_MINUTES * MINUTE_MS, { zone });
  const shift = before.offset - at.offset;
  if (shift <= 0) return at.toMillis();
  const earlier = DateTime.fromMillis(at.toMillis() - shift * MINUTE_MS, { zone });
  return sameWallClock(earlier, local) ? earlier.toMillis() : at.toMillis();
}

function sameWallClock(a: DateTime, b: DateTime): boolean {
  return (
    a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute
  );
}

/** The start's local wall clock in the schedule's zone, as a zone-free (UTC-held) date-time. */
function localStart(schedule: Schedule): DateTime | null {
  const start = DateTime.fromISO(schedule.startAt, { setZone: true });
  if (!start.isValid || !isTimeZone(schedule.timezone)) return null;
  const local = start.setZone(schedule.timezone);
  // Seconds are dropped: occurrences fall on whole minutes.
  return DateTime.fromObject(
    { year: local.year, month: local.month, day: local.day, hour: local.hour, minute: local.minute },
    { zone: 'utc' },
  );
}

/** Occurrence `index`'s instant, ignoring the end and the limit. */
function instantOf(start: DateTime, schedule: Schedule, index: number): number {
  return wallClockInstant(start.plus({ minutes: index * schedule.repeatMinutes }), schedule.timezone);
}

function endMillis(schedule: Schedule): number {
  if (!schedule.endAt) return Infinity;
  const end = DateTime.fromISO(schedule.endAt, { setZone: true });
  return end.isValid ? end.toMillis() : Infinity;
}

function withinLimit(schedule: Schedule, index: number): boolean {
  return schedule.repeatLimit === null || index < schedule.repeatLimit;
}

/**
 * The occurrences at or after `from` and before or at `to` (epoch ms), in order, at most `max`.
 * Two indexes falling on one instant (both inside a daylight-saving gap) count once.
 */
export function occurrencesBetween(schedule: Schedule, from: number, to: number, max = 1000): Occurrence[] {
  const start = localStart(schedule);
  if (!start || !(schedule.repeatMinutes >= 1)) return [];
  const end = Math.min(endMillis(schedule), to);
  const firstAt = instantOf(start, schedule, 0);
  // Jump close to `from` by elapsed time, then step back over any offset change before walking.
  const stepMs = schedule.repeatMinutes * MINUTE_MS;
  let index = Math.max(
    0,
    Math.floor((from - firstAt) / stepMs) - Math.ceil(OFFSET_SLACK_MINUTES / schedule.repeatMinutes) - 1,
  );
  const found: Occurrence[] = [];
  let last = -Infinity;
  while (withinLimit(schedule, index) && found.length < max) {
    const at = instantOf(start, schedule, index);
    if (at > end) break;
    if (at >= from && at !== last) found.push({ index, at });
    last = at;
    index++;
  }
  return found;
}

/** The next `count` occurrences strictly after `after` (epoch ms). */
export function nextOccurrences(schedule: Schedule, after: number, count: number): Occurrence[] {
  return occurrencesBetween(schedule, after + 1, Infinity, count);
}

/** The last occurrence at or before `at`, or null. */
export function lastOccurrence(schedule: Schedule, at: number): Occurrence | null {
  const start = localStart(schedule);
  if (!start || !(schedule.repeatMinutes >= 1)) return null;
  const firstAt = instantOf(start, schedule, 0);
  if (firstAt > at) return null;
  const stepMs = schedule.repeatMinutes * MINUTE_MS;
  const from = at - stepMs - 2 * OFFSET_SLACK_MINUTES * MINUTE_MS;
  const near = occurrencesBetween(schedule, Math.max(firstAt, from), at, Infinity);
  return near.length ? near[near.length - 1] : null;
}
