import { parseVariablePath } from '../text/variable-path';
import {
  ConditionSyntaxError,
  type ArithmeticOperator,
  type CompareOperator,
  type ConditionAst,
} from './ast';
import { tokenize, type Token } from './tokens';

// A precedence-climbing parser, one function per level, loosest first:
//   or (`or`, `||`) < and (`and`, `&&`) < not (`not`, `!`) < comparison (`== != < > <= >=`)
//   < additive (`+ -`) < multiplicative (`* / %`) < unary minus < member access (`.key`, `[i]`).
// `!` is a spelling of `not`, so `!a == b` reads `not (a == b)` exactly as `not a == b` does.
// Binary operators group to the left; comparisons chain as in Python (`1 < x < 10`).

/**
 * How deep parentheses, brackets and prefix operators may nest. Recursion is bounded by it, so
 * 10,000 nested parentheses end in a clear error instead of a stack overflow, in the worker and
 * on the server alike. No hand-written condition comes near it.
 */
export const MAX_NESTING = 256;

// A Map, not an object: `constructor` or `toString` must stay ordinary variable names.
const KEYWORD_VALUES = new Map<string, boolean | null>([
  ['True', true],
  ['true', true],
  ['False', false],
  ['false', false],
  ['Null', null],
  ['null', null],
]);
const RESERVED = new Set(['and', 'or', 'not']);
const COMPARE_OPERATORS = new Set<string>(['==', '!=', '<', '>', '<=', '>=']);

/** Parses condition text into a tree; throws ConditionSyntaxError. */
export function parse(text: string): ConditionAst {
  const tokens = tokenize(text);
  let at = 0;
  let nesting = 0;

  const peek = (): Token => tokens[at];
  const isOperator = (token: Token, ...texts: string[]) =>
    (token.kind === 'operator' || token.kind === 'word') && texts.includes(token.text);

  function unexpected(token: Token): never {
    if (token.kind === 'end') throw new ConditionSyntaxError('Expected an expression', token.offset);
    throw new ConditionSyntaxError(`Unexpected token '${token.text}'`, token.offset);
  }

  function nested<T>(offset: number, read: () => T): T {
    if (++nesting > MAX_NESTING) throw new ConditionSyntaxError('Expression is nested too deeply', offset);
    const result = read();
    nesting--;
    return result;
  }

  function parseOr(): ConditionAst {
    let left = parseAnd();
    while (isOperator(peek(), 'or', '||')) {
      const { offset } = tokens[at++];
      left = { type: 'logical', operator: 'or', left, right: parseAnd(), offset };
    }
    return left;
  }

  function parseAnd(): ConditionAst {
    let left = parseNot();
    while (isOperator(peek(), 'and', '&&')) {
      const { offset } = tokens[at++];
      left = { type: 'logical', operator: 'and', left, right: parseNot(), offset };
    }
    return left;
  }

  function parseNot(): ConditionAst {
    if (!isOperator(peek(), 'not', '!')) return parseComparison();
    const { offset } = tokens[at++];
    return { type: 'unary', operator: 'not', operand: nested(offset, parseNot), offset };
  }

  function parseComparison(): ConditionAst {
    const first = parseAdditive();
    if (!(peek().kind === 'operator' && COMPARE_OPERATORS.has(peek().text))) return first;
    const { offset } = peek();
    const operators: CompareOperator[] = [];
    const operands: ConditionAst[] = [first];
    while (peek().kind === 'operator' && COMPARE_OPERATORS.has(peek().text)) {
      operators.push(tokens[at++].text as CompareOperator);
      operands.push(parseAdditive());
    }
    return { type: 'compare', operators, operands, offset };
  }

  function parseAdditive(): ConditionAst {
    let left = parseMultiplicative();
    while (isOperator(peek(), '+', '-')) {
      const { text, offset } = tokens[at++];
      left = arithmetic(text, left, parseMultiplicative(), offset);
    }
    return left;
  }

  function parseMultiplicative(): ConditionAst {
    let left = parseUnary();
    while (isOperator(peek(), '*', '/', '%')) {
      const { text, offset } = tokens[at++];
      left = arithmetic(text, left, parseUnary(), offset);
    }
    return left;
  }

  function parseUnary(): ConditionAst {
    if (!isOperator(peek(), '-')) return parsePostfix();
    const { offset } = tokens[at++];
    return { type: 'unary', operator: '-', operand: nested(offset, parseUnary), offset };
  }

  function parsePostfix(): ConditionAst {
    let object = parsePrimary();
    for (;;) {
      const token = peek();
      if (isOperator(token, '.')) {
        at++;
        object = { type: 'member', object, key: propertyName(), offset: token.offset };
      } else if (isOperator(token, '[')) {
        at++;
        const key = nested(token.offset, parseOr);
        expect(']');
        object = { type: 'member', object, key, offset: token.offset };
      } else {
        return object;
      }
    }
  }

  /** After a dot: a name (`a.city`, even `a.and`) or a whole number (`items.0`). */
  function propertyName(): ConditionAst {
    const token = tokens[at];
    if (token.kind === 'word' || (token.kind === 'number' && /^\d+$/.test(token.text))) {
      at++;
      const value = token.kind === 'number' ? (token.value as number) : token.text;
      return { type: 'literal', value, offset: token.offset };
    }
    if (token.kind === 'end') throw new ConditionSyntaxError('Expected a property name', token.offset);
    throw new ConditionSyntaxError(`Unexpected token '${token.text}'`, token.offset);
  }

  function parsePrimary(): ConditionAst {
    const token = tokens[at];
    switch (token.kind) {
      case 'number':
      case 'string':
        at++;
        return { type: 'literal', value: token.value, offset: token.offset };
      case 'word':
        if (RESERVED.has(token.text)) return unexpected(token);
        at++;
        if (KEYWORD_VALUES.has(token.text)) {
          return { type: 'literal', value: KEYWORD_VALUES.get(token.text)!, offset: token.offset };
        }
        return { type: 'variable', name: token.text, offset: token.offset };
      case 'reference':
        at++;
        return reference(token);
      case 'operator':
        if (token.text === '(') {
          at++;
          const inner = nested(token.offset, parseOr);
          expect(')');
          return inner;
        }
        return unexpected(token);
      default:
        return unexpected(token);
    }
  }

  function expect(text: string): void {
    const token = peek();
    if (token.kind === 'operator' && token.text === text) {
      at++;
      return;
    }
    if (token.kind === 'end') throw new ConditionSyntaxError(`Expected '${text}'`, token.offset);
    throw new ConditionSyntaxError(`Expected '${text}' but found '${token.text}'`, token.offset);
  }

  const ast = parseOr();
  if (peek().kind !== 'end') unexpected(peek());
  // Left-grouped chains (`a + a + … + a`) are built by loops, not recursion, so they can outgrow
  // MAX_NESTING without touching the parser's stack — but the evaluator recurses through them.
  // Each tree node takes at least one token, so only a long condition needs the check.
  if (tokens.length > MAX_NESTING && depthOf(ast) > MAX_NESTING) {
    throw new ConditionSyntaxError('Expression is nested too deeply', ast.offset);
  }
  return ast;
}

function arithmetic(text: string, left: ConditionAst, right: ConditionAst, offset: number): ConditionAst {
  return { type: 'arithmetic', operator: text as ArithmeticOperator, left, right, offset };
}

/** `${{user.address.city}}` is the same tree as `user.address.city`. */
function reference(token: Token): ConditionAst {
  const steps = parseVariablePath(token.value as string);
  if (!steps) throw new ConditionSyntaxError('Invalid variable reference', token.offset);
  const offset = token.offset;
  let ast: ConditionAst = { type: 'variable', name: steps[0] as string, offset };
  for (const step of steps.slice(1)) {
    ast = { type: 'member', object: ast, key: { type: 'literal', value: step, offset }, offset };
  }
  return ast;
}

/** The depth of a tree, found without recursion. */
function depthOf(root: ConditionAst): number {
  let deepest = 0;
  const stack: [ConditionAst, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > deepest) deepest = depth;
    for (const child of childrenOf(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

function childrenOf(node: ConditionAst): readonly ConditionAst[] {
  switch (node.type) {
    case 'member':
      return [node.object, node.key];
    case 'unary':
      return [node.operand];
    case 'arithmetic':
    case 'logical':
      return [node.left, node.right];
    case 'compare':
      return node.operands;
    default:
      return [];
  }
}
