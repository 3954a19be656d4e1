// Where the guest is in a wizard that repeats its questions (issue 13 item 11). The `offsite` of a
// wizard is the number its first pass is given: with offsite 1 and 3 iterations the passes are
// 1, 2 and 3, and each question says "1 of 3", "2 of 3", "3 of 3". The same number is stored as
// the `index` of each filled form in the store list, so a flow can continue a numbering another
// wizard started (offsite 4 → 4, 5, 6 "of 6").

import type { WizardProgress } from '../widget/replies';

export type { WizardProgress };

/** The number given to a pass (0-based `iteration`); a missing or odd offsite counts from 1. */
export function passIndex(offsite: unknown, iteration: number): number {
  const first = Number(offsite);
  return (Number.isFinite(first) && String(offsite).trim() !== '' ? first : 1) + iteration;
}

/** "2 of 3" for the second of three passes; null for a wizard asked once (nothing to count). */
export function wizardProgress(
  wizard: { iterations: number; offsite: unknown },
  iteration: number,
): WizardProgress | null {
  const iterations = Math.max(1, Math.floor(wizard.iterations));
  if (iterations < 2) return null;
  return { pass: passIndex(wizard.offsite, iteration), of: passIndex(wizard.offsite, iterations - 1) };
}

/** The word between the two numbers, in the chat's languages (spec 2 §1). */
const OF: Readonly<Record<string, string>> = { en: 'of', fr: 'sur', de: 'von', es: 'de', ar: 'من' };

export function progressText(progress: WizardProgress, languageCode: string): string {
  return `${progress.pass} ${OF[languageCode] ?? OF.en} ${progress.of}`;
}
