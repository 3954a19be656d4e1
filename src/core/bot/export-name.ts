// The name of an exported bot archive (spec 1 §7): dfd_bot_{sanitised name}_{weekday_day_month_hh-mm}.zip,
// e.g. dfd_bot_my_bot_Sun_22_Nov_14-05.zip.

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Makes a bot name safe in a file name on every desktop system: lower case, every run of
 * characters other than letters and digits (any script, so Arabic or Greek names survive) becomes
 * one "_", with none at either end. A name with nothing left becomes "bot".
 */
export function sanitiseBotName(name: string): string {
  const safe = name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');
  return safe || 'bot';
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** Uses the date's local time: the stamp is read by the person who downloaded the file. */
export function exportFileName(name: string, date: Date): string {
  const stamp = [
    WEEKDAYS[date.getDay()],
    twoDigits(date.getDate()),
    MONTHS[date.getMonth()],
    `${twoDigits(date.getHours())}-${twoDigits(date.getMinutes())}`,
  ].join('_');
  return `dfd_bot_${sanitiseBotName(name)}_${stamp}.zip`;
}
