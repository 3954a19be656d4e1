import type { LangText } from '../flow/schema';

/** True for a missing value or one that is only white space. */
export function isBlank(text: unknown): boolean {
  return typeof text !== 'string' || text.trim() === '';
}

// A rich-text editor saves an emptied field as markup (`<p><br></p>`, `&nbsp;`); that is blank too.
const MARKUP = /<[^>]*>|&nbsp;|&#160;/gi;

export function isBlankRichText(text: unknown): boolean {
  return typeof text !== 'string' || text.replace(MARKUP, '').trim() === '';
}

/** The text in one language of a per-language field ('' when absent). */
export function textIn(text: LangText | undefined | null, code: string): string {
  const value = text?.[code];
  return typeof value === 'string' ? value : '';
}

export const sameText = (text: string) => text.trim().toLowerCase();
