import { DateTime } from 'luxon';
import {
  describeStart as describeIn,
  nextDailyStarts,
  START_TIME,
  twelveHourOf,
} from '../notifications/daily';

// The notification node's preview of when it will run (spec 2 §8, §9): the first notification
// starts at the set time today, or tomorrow when that time has passed; the ones after it follow
// every `frequency` hours. Each start reads "Today at 6:00 PM", "Tomorrow at 12:00 AM" or
// "In 3 days at 6:00 PM", in the author's local time (the `now` passed in). The server's scheduler
// computes a guest's pushes with the same function (src/core/notifications/daily.ts).

export const START_TIME_NOT_SET = 'Start time not set';
export const INVALID_TIME_FORMAT = 'Invalid time format';

export type StartPreview = { ok: true; starts: string[] } | { ok: false; message: string };

/** The machine's own zone (the author's, in the browser). */
const localZone = () => DateTime.local().zoneName;

/** The next `count` starts (the first, then stepping by the frequency), or why there are none. */
export function nextStartPreview(
  startAt: string | null | undefined,
  frequencyHours: number,
  now: Date,
  count = 3,
  zone = localZone(),
): StartPreview {
  if (!startAt || startAt.trim() === '') return { ok: false, message: START_TIME_NOT_SET };
  if (!START_TIME.test(startAt.trim())) return { ok: false, message: INVALID_TIME_FORMAT };
  const starts = nextDailyStarts(startAt, frequencyHours, now.getTime(), zone, count) ?? [];
  return { ok: true, starts: starts.map((start) => describeIn(start, now.getTime(), zone)) };
}

/** "Today at 6:00 PM", "Tomorrow at 9:30 AM", "In 4 days at 12:00 AM", in local time. */
export function describeStart(start: Date, now: Date): string {
  return describeIn(start.getTime(), now.getTime(), localZone());
}

/** 12-hour clock: 12:00 AM is midnight, 12:00 PM is noon. */
export function twelveHour(date: Date): string {
  return twelveHourOf(DateTime.fromJSDate(date));
}
