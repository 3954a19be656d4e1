// The words a search looks for. Accents are folded in code rather than by PostgreSQL's unaccent
// extension, so both databases see the same text (the extension needs a superuser to install, and
// SQLite's FTS5 folds with its own tokenizer option) and a query matches "café" as "cafe".

/** Lower case, accents and Arabic diacritics removed. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Words too common to tell passages apart (English and French; Arabic has few accents to lose). */
const STOP_WORDS = new Set(
  (
    'a an and are as at be by can could do does did for from has have how i if in into is it its ' +
    'me my of on or our should so that the their them then there these they this to was we what ' +
    'when where which who why will with would you your about which le la les un une des du de et ' +
    'est en que qui quoi pour dans sur au aux ce ces il elle nous vous je tu ne pas'
  ).split(' '),
);

/** The distinct, folded words of a query, stop words left out (all of them when nothing else is left). */
export function queryTerms(query: string): string[] {
  const words = foldText(query).match(/[\p{L}\p{N}]+/gu) ?? [];
  const distinct = [...new Set(words)].filter((word) => word.length > 1 || /\d/.test(word));
  const meaningful = distinct.filter((word) => !STOP_WORDS.has(word));
  return (meaningful.length ? meaningful : distinct).slice(0, 32);
}

/**
 * The share of the query's terms a passage contains (a term counts when a word of the passage
 * starts with its first five letters, a poor man's stemmer that matches "install" and
 * "installing"). Used to tell "nothing relevant" from a weak match on one common word.
 */
export function termCoverage(terms: readonly string[], passage: string): number {
  if (!terms.length) return 0;
  const words = new Set(foldText(passage).match(/[\p{L}\p{N}]+/gu) ?? []);
  const stems = new Set([...words].map((w) => w.slice(0, 5)));
  const found = terms.filter((term) => words.has(term) || stems.has(term.slice(0, 5))).length;
  return found / terms.length;
}
