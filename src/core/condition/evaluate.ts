import type { CompareOperator, ConditionAst } from './ast';
import { finiteOrNull, isTruthy, looseEquals, order, toNumber, toText } from './values';

export type Variables = Readonly<Record<string, unknown>>;

/**
 * The value of a parsed condition over the session's variables. A variable that is not set is
 * null, and so is a step into something that is not there (`user.city` when user is null). Only
 * own properties are read, so a condition cannot reach `constructor` or `__proto__`.
 * `and`/`or` short-circuit and give one of their operands, as Python's do; `not` gives a boolean.
 */
export function evaluate(ast: ConditionAst, variables: Variables): unknown {
  switch (ast.type) {
    case 'literal':
      return ast.value;
    case 'variable':
      return Object.hasOwn(variables, ast.name) ? (variables[ast.name] ?? null) : null;
    case 'member':
      return member(evaluate(ast.object, variables), evaluate(ast.key, variables));
    case 'unary': {
      const operand = evaluate(ast.operand, variables);
      if (ast.operator === 'not') return !isTruthy(operand);
      const number = toNumber(operand);
      return number === null ? null : -number;
    }
    case 'logical': {
      const left = evaluate(ast.left, variables);
      if (ast.operator === 'and' ? !isTruthy(left) : isTruthy(left)) return left;
      return evaluate(ast.right, variables);
    }
    case 'arithmetic':
      return arithmetic(ast.operator, evaluate(ast.left, variables), evaluate(ast.right, variables));
    case 'compare': {
      let left = evaluate(ast.operands[0], variables);
      for (let i = 0; i < ast.operators.length; i++) {
        const right = evaluate(ast.operands[i + 1], variables);
        if (!compare(ast.operators[i], left, right)) return false;
        left = right;
      }
      return true;
    }
  }
}

/** `list[i]` (a negative index counts from the end, as in Python) or `object.key`. */
function member(object: unknown, key: unknown): unknown {
  if (object === null || typeof object !== 'object') return null;
  if (Array.isArray(object)) {
    const index = typeof key === 'string' ? Number(key) : key;
    if (typeof index !== 'number' || !Number.isInteger(index)) return null;
    return object[index < 0 ? object.length + index : index] ?? null;
  }
  if (typeof key !== 'string' && typeof key !== 'number') return null;
  return Object.hasOwn(object, key) ? ((object as Record<string, unknown>)[key] ?? null) : null;
}

function compare(operator: CompareOperator, left: unknown, right: unknown): boolean {
  switch (operator) {
    case '==':
      return looseEquals(left, right);
    case '!=':
      return !looseEquals(left, right);
  }
  const difference = order(left, right);
  if (difference === null) return false;
  switch (operator) {
    case '<':
      return difference < 0;
    case '>':
      return difference > 0;
    case '<=':
      return difference <= 0;
    case '>=':
      return difference >= 0;
  }
}

function arithmetic(operator: string, left: unknown, right: unknown): unknown {
  if (operator === '+' && (typeof left === 'string' || typeof right === 'string')) {
    return toText(left) + toText(right);
  }
  // `+` of two non-strings adds only real numbers and booleans: '5' never sneaks in here.
  const x = toNumber(left);
  const y = toNumber(right);
  if (x === null || y === null) return null;
  switch (operator) {
    case '+':
      return finiteOrNull(x + y);
    case '-':
      return finiteOrNull(x - y);
    case '*':
      return finiteOrNull(x * y);
    case '/':
      return y === 0 ? null : finiteOrNull(x / y);
    default: {
      if (y === 0) return null;
      const remainder = x % y;
      return finiteOrNull(remainder !== 0 && remainder < 0 !== y < 0 ? remainder + y : remainder);
    }
  }
}
