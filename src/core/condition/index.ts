import { ConditionSyntaxError, type ConditionAst, type ParseResult } from './ast';
import { createCache } from './cache';
import { evaluate, type Variables } from './evaluate';
import { parse } from './parser';

// The condition language of branches (spec 2 §5, spec 3 §5): parsed by hand, never by eval or
// Function, the same code in the editor's worker and in the server's runtime.

export type { ConditionAst, ConditionError, ParseResult, LiteralValue } from './ast';
export type { Variables } from './evaluate';
export { isTruthy, looseEquals } from './values';
export { MAX_NESTING } from './parser';
export { PREDEFINED_VARIABLES, type PredefinedVariable } from './predefined';

// Branch conditions repeat (every guest message re-evaluates the same few), so parsed results
// are kept; errors too, so a broken condition is not re-parsed per keystroke of another field.
const parsed = createCache<ParseResult>(512);

/**
 * `{ ok: true, ast }` or `{ ok: false, error: { message, offset } }`; the message ends with the
 * offset ("Unexpected token ')' at 5"). Results are shared between callers: do not mutate them.
 */
export function parseCondition(text: string): ParseResult {
  const cached = parsed.get(text);
  if (cached) return cached;
  const result = parseUncached(text);
  parsed.set(text, result);
  return result;
}

/** parseCondition without the cache (the bench measures both). */
export function parseUncached(text: string): ParseResult {
  try {
    return { ok: true, ast: parse(text) };
  } catch (error) {
    if (error instanceof ConditionSyntaxError) {
      return { ok: false, error: { message: error.message, offset: error.offset } };
    }
    throw error;
  }
}

/**
 * The value of a condition (text or a parsed tree) over the variables; unknown variables are
 * null. Text that does not parse gives null, which is false: a broken branch is never taken.
 */
export function evaluateCondition(condition: string | ConditionAst, variables: Variables = {}): unknown {
  if (typeof condition !== 'string') return evaluate(condition, variables);
  const result = parseCondition(condition);
  return result.ok ? evaluate(result.ast, variables) : null;
}
