// Which rollup rows a dashboard read adds up (issue 19 §5): whole UTC days from the daily
// rollups, the hours at the range's edges from the hourly ones, so a month is ~30 day rows per
// key instead of ~720 hour rows. The raw rows after the rollup's watermark are read apart.
import { DAY_MS, HOUR_MS } from './stats';

export interface Span {
  from: number;
  to: number;
}

const floorTo = (at: number, size: number) => at - (((at % size) + size) % size);
const ceilTo = (at: number, size: number) => {
  const floor = floorTo(at, size);
  return floor === at ? at : floor + size;
};

/**
 * The dashboard's range in whole hours: `from` down to its hour, `to` up to the end of its hour.
 * The rollups hold whole hours, so the figures are those of the hours the range touches; the
 * answer gives this range back, so what was counted is stated rather than guessed.
 */
export function wholeHours(range: Span): Span {
  return { from: floorTo(range.from, HOUR_MS), to: ceilTo(range.to, HOUR_MS) };
}

export interface RollupSpans {
  /** Whole UTC days read from the daily rollups (null: none). */
  days: Span | null;
  /** Hours read from the hourly rollups: before the first whole day and after the last. */
  hours: Span[];
}

/** How the hour-aligned span [from, to) of rolled hours is read: days inside, hours at the edges. */
export function rollupSpans(from: number, to: number): RollupSpans {
  if (from >= to) return { days: null, hours: [] };
  const firstDay = ceilTo(from, DAY_MS);
  const lastDay = floorTo(to, DAY_MS);
  if (firstDay >= lastDay) return { days: null, hours: [{ from, to }] };
  const hours: Span[] = [];
  if (from < firstDay) hours.push({ from, to: firstDay });
  if (lastDay < to) hours.push({ from: lastDay, to });
  return { days: { from: firstDay, to: lastDay }, hours };
}

/** The UTC day holding `at`: the daily rollups' key. */
export const dayOf = (at: number) => floorTo(at, DAY_MS);
