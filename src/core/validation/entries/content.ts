import type { Entry } from '../../flow/schema';
import type { ValidationContext } from '../types';

export type ContentEntry = Extract<Entry, { type: 'content' }>;

/**
 * Where an entry's media (image path or link, video link) is kept: under the default language,
 * or under en for entries saved before the bot had another default — the same place the board's
 * preview reads. Answers the language code and the value found there.
 */
export function mediaOf(entry: ContentEntry, context: ValidationContext): { code: string; value: string } {
  const content = entry.content.content ?? {};
  const own = content[context.defaultLanguageCode];
  if (typeof own === 'string' && own.trim() !== '') return { code: context.defaultLanguageCode, value: own };
  const en = content.en;
  return { code: context.defaultLanguageCode, value: typeof en === 'string' ? en : '' };
}
