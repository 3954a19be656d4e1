// The condition language's syntax tree (spec 2 §5, spec 3 §5). Every node keeps the offset of
// the text it came from, so the editor can point at it.

export type LiteralValue = string | number | boolean | null;

export type CompareOperator = '==' | '!=' | '<' | '>' | '<=' | '>=';
export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%';

export type ConditionAst =
  | { readonly type: 'literal'; readonly value: LiteralValue; readonly offset: number }
  /** A variable by name; `${{name}}` is the same node as `name`. */
  | { readonly type: 'variable'; readonly name: string; readonly offset: number }
  /** `object.key`, `object[0]` or `object["key"]`. */
  | {
      readonly type: 'member';
      readonly object: ConditionAst;
      readonly key: ConditionAst;
      readonly offset: number;
    }
  | {
      readonly type: 'unary';
      readonly operator: 'not' | '-';
      readonly operand: ConditionAst;
      readonly offset: number;
    }
  | {
      readonly type: 'arithmetic';
      readonly operator: ArithmeticOperator;
      readonly left: ConditionAst;
      readonly right: ConditionAst;
      readonly offset: number;
    }
  | {
      readonly type: 'logical';
      readonly operator: 'and' | 'or';
      readonly left: ConditionAst;
      readonly right: ConditionAst;
      readonly offset: number;
    }
  /** `a < b <= c` chains as in Python: every neighbouring pair must hold. */
  | {
      readonly type: 'compare';
      readonly operators: readonly CompareOperator[];
      readonly operands: readonly ConditionAst[];
      readonly offset: number;
    };

export interface ConditionError {
  message: string;
  /** 0-based character offset in the condition text. */
  offset: number;
}

export type ParseResult =
  { readonly ok: true; readonly ast: ConditionAst } | { readonly ok: false; readonly error: ConditionError };

/** Thrown inside the tokenizer and parser; parseCondition turns it into an error result. */
export class ConditionSyntaxError extends Error {
  readonly offset: number;

  constructor(message: string, offset: number) {
    super(`${message} at ${offset}`);
    this.offset = offset;
  }
}
