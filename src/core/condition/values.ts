// How condition values compare, add up and count as true. The rules are meant to be predictable
// for authors whose variables mostly arrive as text (a user's input is always a string):
//
// - Truthiness is Python's: null, false, 0, '', an empty list and an empty object are false.
// - `==` is loose in a few fixed ways and no others: a number equals a string holding the same
//   number (`5 == '5.0'`); true equals 1 and the text 'true'/'True' (false likewise 0 and
//   'false'); lists and objects are equal when their items are. Strings compare case-sensitively
//   and null equals only null (not '' and not 0).
// - `< > <= >=` compare numbers with numbers or numeric strings numerically, other strings by
//   code unit; anything else (null, lists, a word against a number) is simply false.
// - `+` joins text when either side is a string (null joins as ''); otherwise it adds numbers.
//   `- * / %` read numeric strings as numbers. Any other operand, a division or remainder by zero,
//   and a result that is not a finite number give null. `%` takes the divisor's sign (Python).

const NUMERIC_TEXT = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?\s*$/i;

/** The number a string spells, or null (`''`, `'0x10'` and `'Infinity'` spell none). */
export function numericText(text: string): number | null {
  return NUMERIC_TEXT.test(text) ? Number(text) : null;
}

export function isTruthy(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'number':
      return value !== 0 && !Number.isNaN(value);
    case 'string':
      return value.length > 0;
    case 'object':
      return Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0;
    default:
      return true;
  }
}

export function looseEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return a == b;
  const typeA = typeof a;
  const typeB = typeof b;
  if (typeA === 'number' && typeB === 'string') return numericText(b as string) === a;
  if (typeA === 'string' && typeB === 'number') return numericText(a as string) === b;
  if (typeA === 'boolean') return booleanEquals(a as boolean, b);
  if (typeB === 'boolean') return booleanEquals(b as boolean, a);
  if (typeA === 'object' && typeB === 'object') return structureEquals(a as object, b as object);
  return false;
}

function booleanEquals(flag: boolean, other: unknown): boolean {
  if (typeof other === 'number') return other === (flag ? 1 : 0);
  if (typeof other === 'string') return other.toLowerCase() === (flag ? 'true' : 'false');
  return false;
}

function structureEquals(a: object, b: object): boolean {
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every(
    (key) =>
      Object.hasOwn(b, key) &&
      looseEquals((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** A negative, zero or positive number, or null when the two cannot be ordered. */
export function order(a: unknown, b: unknown): number | null {
  if (typeof a === 'string' && typeof b === 'string') {
    const x = numericText(a);
    const y = numericText(b);
    if (x !== null && y !== null) return x - y;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  const x = orderNumber(a);
  const y = orderNumber(b);
  return x === null || y === null ? null : x - y;
}

function orderNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return numericText(value);
  return null;
}

/** A number for `- * / %` and unary minus: numbers, booleans as 1/0, numeric strings. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return numericText(value);
  return null;
}

/** How a value joins text with `+`: null as '', lists and objects as JSON. */
export function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}
