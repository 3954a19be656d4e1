// Variables are written `${{name}}` in texts, urls and bodies (spec 2 §5, spec 3 §5). Inside the
// braces sits a path into the session's variables: a name, then `.key`, `[0]`, `['key']` or
// `["key"]` steps, e.g. `${{user.name}}` or `${{items[0].title}}`.

/** `${{ … }}` with optional spaces inside the braces; group 1 is the path. */
export const PLACEHOLDER = /\$\{\{\s*([^{}]*?)\s*\}\}/g;

export type PathStep = string | number;

// A variable name as normalizeVariableName produces it (no leading digit); predefined variables
// such as USER_LAST_INPUT fit too.
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const STEP = /\.([A-Za-z0-9_]+)|\[(\d+)\]|\['([^']*)'\]|\["([^"]*)"\]/y;

/** The steps of a path, or null when the text is not one. */
export function parseVariablePath(text: string): PathStep[] | null {
  NAME.lastIndex = 0;
  const name = NAME.exec(text);
  if (!name) return null;
  const steps: PathStep[] = [name[0]];
  let at = NAME.lastIndex;
  while (at < text.length) {
    STEP.lastIndex = at;
    const step = STEP.exec(text);
    if (!step) return null;
    const [, key, index, single, double] = step;
    steps.push(index !== undefined ? Number(index) : (key ?? single ?? double));
    at = STEP.lastIndex;
  }
  return steps;
}

/**
 * The value at a path, or undefined when any step is missing. Only own properties are followed,
 * so `${{x.constructor}}` or `${{x.__proto__}}` never reach into the prototype chain.
 */
export function readVariablePath(variables: unknown, steps: readonly PathStep[]): unknown {
  let value = variables;
  for (const step of steps) {
    if (value === null || typeof value !== 'object') return undefined;
    if (!Object.hasOwn(value, step)) return undefined;
    value = (value as Record<PathStep, unknown>)[step];
  }
  return value;
}
