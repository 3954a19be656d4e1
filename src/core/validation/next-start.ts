import { START_TIME } from './nodes/notification';

// The notification node's preview of when it will run (spec 2 §8, §9): the first notification
// starts at the set time today, or tomorrow when that time has passed; the ones after it follow
// every `frequency` hours. Each start reads "Today at 6:00 PM", "Tomorrow at 12:00 AM" or
// "In 3 days at 6:00 PM", in the author's local time (the `now` passed in).

export const START_TIME_NOT_SET = 'Start time not set';
export const INVALID_TIME_FORMAT = 'Invalid time format';

export type StartPreview = { ok: true; starts: string[] } | { ok: false; message: string };

const HOUR_MS = 60 * 60 * 1000;

/** The next `count` starts (the first, then stepping by the frequency), or why there are none. */
export function nextStartPreview(
  startAt: string | null | undefined,
  frequencyHours: number,
  now: Date,
  count = 3,
): StartPreview {
  if (!startAt || startAt.trim() === '') return { ok: false, message: START_TIME_NOT_SET };
  const match = START_TIME.exec(startAt.trim());
  if (!match) return { ok: false, message: INVALID_TIME_FORMAT };
  const first = new Date(
    now.getFullYear(),
    now.getMonth(),
    now.getDate(),
    Number(match[1]),
    Number(match[2]),
  );
  if (first.getTime() <= now.getTime()) first.setDate(first.getDate() + 1);
  const starts = [first];
  // Without a usable interval there is only the first start to show.
  if (Number.isFinite(frequencyHours) && frequencyHours > 0) {
    for (let k = 1; k < count; k++) starts.push(new Date(first.getTime() + k * frequencyHours * HOUR_MS));
  }
  return { ok: true, starts: starts.map((start) => describeStart(start, now)) };
}

/** "Today at 6:00 PM", "Tomorrow at 9:30 AM", "In 4 days at 12:00 AM". */
export function describeStart(start: Date, now: Date): string {
  const days = calendarDaysBetween(now, start);
  const day = days === 0 ? 'Today' : days === 1 ? 'Tomorrow' : `In ${days} days`;
  return `${day} at ${twelveHour(start)}`;
}

/** 12-hour clock: 12:00 AM is midnight, 12:00 PM is noon. */
export function twelveHour(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Whole local calendar days from `from` to `to` (a daylight-saving day still counts as one). */
function calendarDaysBetween(from: Date, to: Date): number {
  const a = Date.UTC(from.getFullYear(), from.getMonth(), from.getDate());
  const b = Date.UTC(to.getFullYear(), to.getMonth(), to.getDate());
  return Math.round((b - a) / (24 * HOUR_MS));
}
