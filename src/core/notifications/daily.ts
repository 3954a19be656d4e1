// The notification node's schedule (spec 2 §2, §9): the first push at `startAt` (HH:MM) in the
// guest's time zone — today if that time is still ahead, else tomorrow — then every `frequency`
// hours on the local clock. The editor's preview ("Today at 6:00 PM", "Tomorrow at 12:00 AM",
// "In 3 days at 6:00 PM") and the server's scheduler both read it from here.
import { DateTime } from 'luxon';
import { nextOccurrences, wallClockInstant, type Schedule } from './occurrences';

/** `HH:MM` from 00:00 to 23:59, as the time input writes it. */
export const START_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The first `HH:MM` in `zone` strictly after `after` (epoch ms), or null for a malformed time. */
export function firstDailyStart(startAt: string, after: number, zone: string): number | null {
  const match = START_TIME.exec(startAt.trim());
  if (!match) return null;
  const today = DateTime.fromMillis(after, { zone });
  const local = (day: DateTime) =>
    DateTime.fromObject(
      { year: day.year, month: day.month, day: day.day, hour: Number(match[1]), minute: Number(match[2]) },
      { zone: 'utc' },
    );
  const first = wallClockInstant(local(today), zone);
  return first > after ? first : wallClockInstant(local(today.plus({ days: 1 })), zone);
}

/** The node's pushes as a schedule anchored at the first start after `anchor`: forever, unlimited. */
export function dailySchedule(
  startAt: string,
  frequencyHours: number,
  anchor: number,
  zone: string,
): Schedule | null {
  const first = firstDailyStart(startAt, anchor, zone);
  if (first === null) return null;
  return {
    startAt: new Date(first).toISOString(),
    endAt: null,
    repeatMinutes: Math.max(1, Math.round(frequencyHours * 60)),
    repeatLimit: null,
    timezone: zone,
  };
}

/** The next `count` pushes after `now`; without a usable frequency only the first. */
export function nextDailyStarts(
  startAt: string,
  frequencyHours: number,
  now: number,
  zone: string,
  count: number,
): number[] | null {
  const first = firstDailyStart(startAt, now, zone);
  if (first === null) return null;
  if (!(Number.isFinite(frequencyHours) && frequencyHours > 0)) return [first];
  const schedule = dailySchedule(startAt, frequencyHours, now, zone)!;
  return nextOccurrences(schedule, now, count).map((o) => o.at);
}

/** "Today at 6:00 PM", "Tomorrow at 9:30 AM", "In 4 days at 12:00 AM", on the calendar of `zone`. */
export function describeStart(start: number, now: number, zone: string): string {
  const at = DateTime.fromMillis(start, { zone });
  const days = Math.round(
    at.startOf('day').diff(DateTime.fromMillis(now, { zone }).startOf('day'), 'days').days,
  );
  const day = days === 0 ? 'Today' : days === 1 ? 'Tomorrow' : `In ${days} days`;
  return `${day} at ${twelveHourOf(at)}`;
}

/** 12-hour clock: 12:00 AM is midnight, 12:00 PM is noon. */
export function twelveHourOf(at: DateTime): string {
  const minutes = String(at.minute).padStart(2, '0');
  return `${at.hour % 12 === 0 ? 12 : at.hour % 12}:${minutes} ${at.hour < 12 ? 'AM' : 'PM'}`;
}

/** The zone of a bot's notification_scheduler (a bot has none of its own) and of guests who never said. */
export const DEFAULT_ZONE = 'UTC';

/** A bot's notification_scheduler: its first run after `now`, or null when it is off or malformed. */
export function schedulerFirstRun(
  scheduler: { enabled?: boolean; start_at?: string } | null | undefined,
  now: number,
): number | null {
  if (!scheduler?.enabled || typeof scheduler.start_at !== 'string') return null;
  return firstDailyStart(scheduler.start_at, now, DEFAULT_ZONE);
}
