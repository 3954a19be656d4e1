// Node texts are kept per language code (spec 2 §1). A guest hears the session's language; a text
// an author left untranslated falls back to English (the default code), then to any language
// that has it, so a half-translated flow still speaks.

export const DEFAULT_LANGUAGE_CODE = 'en';

export type LangText = Readonly<Record<string, unknown>>;

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The text in `code`, else English, else the first language that has one. */
export function pickText(text: LangText | undefined, code: string): string {
  if (!text) return '';
  const own = textOf(text[code]);
  if (own.trim()) return own;
  const english = textOf(text[DEFAULT_LANGUAGE_CODE]);
  if (english.trim()) return english;
  for (const value of Object.values(text)) if (textOf(value).trim()) return textOf(value);
  return '';
}

/**
 * The rendered text in every language the node has it in (plus the one shown, so a fallback is
 * kept too), for re-rendering the conversation in another language later. Undefined when the
 * node has a single language: there is nothing to switch to.
 */
export function translationsOf<T>(
  text: LangText | undefined,
  shownCode: string,
  render: (raw: string, code: string) => T,
): Record<string, T> | undefined {
  if (!text) return undefined;
  const codes = Object.keys(text).filter((code) => textOf(text[code]).trim());
  if (codes.length < 2) return undefined;
  const result: Record<string, T> = {};
  for (const code of new Set([...codes, shownCode])) result[code] = render(pickText(text, code), code);
  return result;
}
