// A guest's typed answer to a choice node (issue 13 item 5). Guests type what they mean, not the
// button text: "yes please" should pick the choice whose keyword is "yes", "Crème brûlée" should
// match "creme brulee", and "prise" should still find "price". But a keyword must never match part
// of a longer word ("yes" is not in "yesterday"), so the answer and the phrases are compared as
// sequences of whole words, after folding case and accents.

/** One choice's phrases: its labels and keywords, in every language. */
export type ChoicePhrases = readonly string[];

/** Typo tolerance applies only to words this long: "yes"/"yea" are different words, "price"/"prise" are not. */
export const TYPO_MIN_LETTERS = 4;

/** Lower case without accents: "Crème" → "creme", "ÉTÉ" → "ete". */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The words of a text: runs of letters and digits, folded. Punctuation and spaces separate them. */
export function wordsOf(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Edit distance with the four typing slips (insert, delete, replace, swap two neighbours — the
 * optimal-string-alignment distance), cut short as soon as it exceeds `limit`.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2][j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length][b.length];
}

/** Is one word the other with a single slip? Only words of TYPO_MIN_LETTERS or more tolerate one. */
function nearWord(typed: string, word: string): boolean {
  return [...word].length >= TYPO_MIN_LETTERS && editDistance(typed, word, 1) <= 1;
}

/**
 * Does `phrase` occur in `answer` as whole consecutive words? With `typos`, one word of the
 * phrase may be off by one slip (the others must be exact).
 */
function containsPhrase(answer: readonly string[], phrase: readonly string[], typos: boolean): boolean {
  if (!phrase.length || phrase.length > answer.length) return false;
  for (let start = 0; start + phrase.length <= answer.length; start++) {
    let slips = 0;
    let fits = true;
    for (let k = 0; k < phrase.length && fits; k++) {
      const typed = answer[start + k];
      if (typed === phrase[k]) continue;
      fits = typos && slips === 0 && nearWord(typed, phrase[k]);
      slips++;
    }
    if (fits) return true;
  }
  return false;
}

/** The longest phrase of a choice found in the answer (in words), 0 when none is. */
function bestPhrase(answer: readonly string[], phrases: readonly string[][], typos: boolean): number {
  let best = 0;
  for (const phrase of phrases) {
    if (phrase.length > best && containsPhrase(answer, phrase, typos)) best = phrase.length;
  }
  return best;
}

/**
 * The index of the choice the answer picks, or -1. A choice matches when one of its phrases
 * appears in the answer as whole words (so an answer equal to a label matches too). When several
 * choices match, the one with the longest matching phrase wins ("not sure" beats "sure"), and
 * among equals the first choice. Only when nothing matches exactly is one slip forgiven, in a
 * word of TYPO_MIN_LETTERS letters or more. A phrase with no letters or digits (an emoji, "?")
 * matches only an answer that is exactly it.
 */
export function matchChoiceAnswer(answer: string, choices: readonly ChoicePhrases[]): number {
  const typed = wordsOf(answer);
  const folded = foldText(answer).trim();
  if (!folded) return -1;
  const phrasesOf = choices.map((phrases) => phrases.map(wordsOf).filter((words) => words.length));

  const symbolic = choices.findIndex((phrases) =>
    phrases.some((phrase) => !wordsOf(phrase).length && foldText(phrase).trim() === folded),
  );
  if (symbolic >= 0) return symbolic;

  for (const typos of [false, true]) {
    let winner = -1;
    let winnerLength = 0;
    phrasesOf.forEach((phrases, index) => {
      const length = bestPhrase(typed, phrases, typos);
      if (length > winnerLength) {
        winner = index;
        winnerLength = length;
      }
    });
    if (winner >= 0) return winner;
  }
  return -1;
}
