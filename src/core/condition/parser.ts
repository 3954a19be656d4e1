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
  const ast = new Parser(tokenize(text)).condition();
  // Left-grouped chains (`a + a + … + a`) are built by loops, not recursion, so they can outgrow
  // MAX_NESTING without touching the parser's stack — but the evaluator recurses through them.
  // Each tree node stands for at least one character (a `${{a.b.c}}` step for two), so only a
  // condition longer than the limit needs the walk.
  if (text.length > MAX_NESTING && depthOf(ast) > MAX_NESTING) {
    throw new ConditionSyntaxError('Expression is nested too deeply', ast.offset);
  }
  return ast;
}

// A class rather than closures inside parse(): its methods are compiled and optimised once,
// not re-created for every condition (about seven times faster on the bench's cold parse).
class Parser {
  private at = 0;
  private nesting = 0;
  private readonly tokens: readonly Token[];

  constructor(tokens: readonly Token[]) {
    this.tokens = tokens;
  }

  condition(): ConditionAst {
    const ast = this.parseOr();
    if (this.peek().kind !== 'end') this.unexpected(this.peek());
    return ast;
  }

  private peek(): Token {
    return this.tokens[this.at];
  }

  /** Is the next token this operator or word (`or`, `||`, `+`, …)? Consumes it if so. */
  private accept(first: string, second?: string, third?: string): Token | null {
    const token = this.tokens[this.at];
    if (token.kind !== 'operator' && token.kind !== 'word') return null;
    const text = token.text;
    if (text !== first && text !== second && text !== third) return null;
    this.at++;
    return token;
  }

  private unexpected(token: Token): never {
    if (token.kind === 'end') throw new ConditionSyntaxError('Expected an expression', token.offset);
    throw new ConditionSyntaxError(`Unexpected token '${token.text}'`, token.offset);
  }

  private enter(offset: number): void {
    if (++this.nesting > MAX_NESTING)
      throw new ConditionSyntaxError('Expression is nested too deeply', offset);
  }

  private parseOr(): ConditionAst {
    let left = this.parseAnd();
    for (let token = this.accept('or', '||'); token; token = this.accept('or', '||')) {
      left = { type: 'logical', operator: 'or', left, right: this.parseAnd(), offset: token.offset };
    }
    return left;
  }

  private parseAnd(): ConditionAst {
    let left = this.parseNot();
    for (let token = this.accept('and', '&&'); token; token = this.accept('and', '&&')) {
      left = { type: 'logical', operator: 'and', left, right: this.parseNot(), offset: token.offset };
    }
    return left;
  }

  private parseNot(): ConditionAst {
    const token = this.accept('not', '!');
    if (!token) return this.parseComparison();
    this.enter(token.offset);
    const operand = this.parseNot();
    this.nesting--;
    return { type: 'unary', operator: 'not', operand, offset: token.offset };
  }

  private isComparison(): boolean {
    const token = this.tokens[this.at];
    return token.kind === 'operator' && COMPARE_OPERATORS.has(token.text);
  }

  private parseComparison(): ConditionAst {
    const first = this.parseAdditive();
    if (!this.isComparison()) return first;
    const { offset } = this.peek();
    const operators: CompareOperator[] = [];
    const operands: ConditionAst[] = [first];
    while (this.isComparison()) {
      operators.push(this.tokens[this.at++].text as CompareOperator);
      operands.push(this.parseAdditive());
    }
    return { type: 'compare', operators, operands, offset };
  }

  private parseAdditive(): ConditionAst {
    let left = this.parseMultiplicative();
    for (let token = this.accept('+', '-'); token; token = this.accept('+', '-')) {
      left = arithmetic(token, left, this.parseMultiplicative());
    }
    return left;
  }

  private parseMultiplicative(): ConditionAst {
    let left = this.parseUnary();
    for (let token = this.accept('*', '/', '%'); token; token = this.accept('*', '/', '%')) {
      left = arithmetic(token, left, this.parseUnary());
    }
    return left;
  }

  private parseUnary(): ConditionAst {
    const token = this.accept('-');
    if (!token) return this.parsePostfix();
    this.enter(token.offset);
    const operand = this.parseUnary();
    this.nesting--;
    return { type: 'unary', operator: '-', operand, offset: token.offset };
  }

  private parsePostfix(): ConditionAst {
    let object = this.parsePrimary();
    for (;;) {
      const token = this.peek();
      if (token.kind !== 'operator') return object;
      if (token.text === '.') {
        this.at++;
        object = { type: 'member', object, key: this.propertyName(), offset: token.offset };
      } else if (token.text === '[') {
        this.at++;
        this.enter(token.offset);
        const key = this.parseOr();
        this.nesting--;
        this.expect(']');
        object = { type: 'member', object, key, offset: token.offset };
      } else {
        return object;
      }
    }
  }

  /** After a dot: a name (`a.city`, even `a.and`) or a whole number (`items.0`). */
  private propertyName(): ConditionAst {
    const token = this.tokens[this.at];
    if (token.kind === 'word' || (token.kind === 'number' && /^\d+$/.test(token.text))) {
      this.at++;
      const value = token.kind === 'number' ? (token.value as number) : token.text;
      return { type: 'literal', value, offset: token.offset };
    }
    if (token.kind === 'end') throw new ConditionSyntaxError('Expected a property name', token.offset);
    throw new ConditionSyntaxError(`Unexpected token '${token.text}'`, token.offset);
  }

  private parsePrimary(): ConditionAst {
    const token = this.tokens[this.at];
    switch (token.kind) {
      case 'number':
      case 'string':
        this.at++;
        return { type: 'literal', value: token.value, offset: token.offset };
      case 'word':
        if (RESERVED.has(token.text)) return this.unexpected(token);
        this.at++;
        if (KEYWORD_VALUES.has(token.text)) {
          return { type: 'literal', value: KEYWORD_VALUES.get(token.text)!, offset: token.offset };
        }
        return { type: 'variable', name: token.text, offset: token.offset };
      case 'reference':
        this.at++;
        return reference(token);
      case 'operator':
        if (token.text === '(') {
          this.at++;
          this.enter(token.offset);
          const inner = this.parseOr();
          this.nesting--;
          this.expect(')');
          return inner;
        }
        return this.unexpected(token);
      default:
        return this.unexpected(token);
    }
  }

  private expect(text: string): void {
    const token = this.peek();
    if (token.kind === 'operator' && token.text === text) {
      this.at++;
      return;
    }
    if (token.kind === 'end') throw new ConditionSyntaxError(`Expected '${text}'`, token.offset);
    throw new ConditionSyntaxError(`Expected '${text}' but found '${token.text}'`, token.offset);
  }
}

function arithmetic(token: Token, left: ConditionAst, right: ConditionAst): ConditionAst {
  return {
    type: 'arithmetic',
    operator: token.text as ArithmeticOperator,
    left,
    right,
    offset: token.offset,
  };
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
