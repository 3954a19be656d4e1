import type { DelayEntry } from '../../flow/schema';
import type { Check } from '../types';

/** Spec 2 §5 delay: more than 0 seconds. */
export const checkDelayEntry: Check<{ entry: DelayEntry; at: string }> = (
  { entry, at },
  _context,
  problems,
) => {
  if (!(typeof entry.seconds === 'number' && Number.isFinite(entry.seconds) && entry.seconds > 0)) {
    problems.push({ field: `${at}.seconds`, message: 'Delay must be greater than 0 seconds' });
  }
};
