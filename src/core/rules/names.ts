// Naming rules of the flow editor (spec 2 §4, §5). Only ASCII letters are kept: a variable name is
// also an identifier of the condition language and a `${{name}}` path, and both read ASCII names.

const LEADING_DIGIT = /^(?=\d)/;

/**
 * Spec 2 §5, applied on every keystroke: each space becomes an underscore, any other character
 * than a letter, digit or underscore is removed, and a leading digit gets an underscore prefix.
 */
export function normalizeVariableName(text: string): string {
  return text
    .replace(/ /g, '_')
    .replace(/[^A-Za-z0-9_]/g, '')
    .replace(LEADING_DIGIT, '_');
}

/**
 * Spec 2 §4, flow-template names: a run of white space becomes one underscore, other characters
 * than letters, digits and underscore are removed, a leading digit gets an underscore prefix.
 */
export function normalizeTemplateName(text: string): string {
  return text
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9_]/g, '')
    .replace(LEADING_DIGIT, '_');
}

/**
 * Spec 2 §4 duplicate: `name-copy`, then `name-copy_1`, `name-copy_2`, … — the first one free.
 * A Set of names is read as it is (a paste of 1,000 nodes asks once per node against 10,000
 * names: copying the set each time cost ~50 ms).
 */
export function duplicateName(name: string, takenNames: ReadonlySet<string> | Iterable<string>): string {
  const taken = takenNames instanceof Set ? (takenNames as ReadonlySet<string>) : new Set(takenNames);
  const copy = `${name}-copy`;
  if (!taken.has(copy)) return copy;
  for (let n = 1; ; n++) {
    const numbered = `${copy}_${n}`;
    if (!taken.has(numbered)) return numbered;
  }
}
