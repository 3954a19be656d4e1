// The notification form's date-time inputs hold wall-clock text ("2030-01-06T09:00") in the
// notification's time zone; the calls carry ISO instants with the zone's offset. And the preview
// of the next occurrences, written in one zone.
import { DateTime } from 'luxon';
import { nextOccurrences, type Schedule } from './occurrences';

/** An ISO instant as the `datetime-local` input shows it in `zone` ('' when unreadable). */
export function toLocalInput(iso: string | null, zone: string): string {
  if (!iso) return '';
  const at = DateTime.fromISO(iso, { setZone: true }).setZone(zone);
  return at.isValid ? at.toFormat("yyyy-LL-dd'T'HH:mm") : '';
}

/** The input's wall-clock text in `zone` as an ISO instant with the zone's offset ('' when empty). */
export function fromLocalInput(text: string, zone: string): string {
  if (!text) return '';
  const at = DateTime.fromISO(text, { zone });
  return at.isValid ? (at.toISO({ suppressMilliseconds: true, suppressSeconds: true }) ?? '') : '';
}

/** "Mon 6 Jan 2030, 9:00 AM" in `zone`. */
export function formatOccurrence(at: number, zone: string): string {
  return DateTime.fromMillis(at, { zone }).toFormat('ccc d LLL yyyy, h:mm a');
}

/** The next `count` occurrences after `now`, each written in the notification's zone and in `ownZone`. */
export function occurrencePreview(
  schedule: Schedule,
  now: number,
  ownZone: string,
  count = 5,
): { at: number; there: string; here: string }[] {
  return nextOccurrences(schedule, now - 1, count).map((o) => ({
    at: o.at,
    there: formatOccurrence(o.at, schedule.timezone),
    here: formatOccurrence(o.at, ownZone),
  }));
}
