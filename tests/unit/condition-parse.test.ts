import { describe, expect, it } from 'vitest';
import { MAX_NESTING, parseCondition, type ConditionAst } from '../../src/core/condition';

/** The tree as a compact s-expression, so precedence and grouping read at a glance. */
function show(ast: ConditionAst): string {
  switch (ast.type) {
    case 'literal':
      return JSON.stringify(ast.value);
    case 'variable':
      return ast.name;
    case 'member':
      return `(. ${show(ast.object)} ${show(ast.key)})`;
    case 'unary':
      return `(${ast.operator} ${show(ast.operand)})`;
    case 'arithmetic':
    case 'logical':
      return `(${ast.operator} ${show(ast.left)} ${show(ast.right)})`;
    case 'compare':
      return `(${ast.operators.join(' ')} ${ast.operands.map(show).join(' ')})`;
  }
}

function tree(text: string): string {
  const result = parseCondition(text);
  if (!result.ok) throw new Error(`did not parse: ${result.error.message}`);
  return show(result.ast);
}

function error(text: string) {
  const result = parseCondition(text);
  if (result.ok) throw new Error(`parsed: ${text}`);
  return result.error;
}

describe('parseCondition precedence', () => {
  it('binds or < and < not < comparison < additive < multiplicative < unary', () => {
    expect(tree('a or b and c')).toBe('(or a (and b c))');
    expect(tree('a and b or c')).toBe('(or (and a b) c)');
    expect(tree('not a and b')).toBe('(and (not a) b)');
    expect(tree('not a == b')).toBe('(not (== a b))');
    expect(tree('a == b + c')).toBe('(== a (+ b c))');
    expect(tree('a + b * c')).toBe('(+ a (* b c))');
    expect(tree('a * b + c % d')).toBe('(+ (* a b) (% c d))');
    expect(tree('-a * b')).toBe('(* (- a) b)');
  });

  it('treats the symbol spellings exactly like the words', () => {
    expect(tree('a || b && !c')).toBe(tree('a or b and not c'));
    expect(tree('!a == b')).toBe('(not (== a b))');
  });

  it('lets parentheses override precedence', () => {
    expect(tree('(a or b) and c')).toBe('(and (or a b) c)');
    expect(tree('(a + b) * c')).toBe('(* (+ a b) c)');
    expect(tree('not (a and b)')).toBe('(not (and a b))');
  });
});

describe('parseCondition associativity', () => {
  it('groups arithmetic and boolean operators to the left', () => {
    expect(tree('a - b - c')).toBe('(- (- a b) c)');
    expect(tree('a / b * c')).toBe('(* (/ a b) c)');
    expect(tree('a or b or c')).toBe('(or (or a b) c)');
    expect(tree('a && b && c')).toBe('(and (and a b) c)');
  });

  it('chains comparisons as one node, as Python does', () => {
    expect(tree('1 < x <= 10')).toBe('(< <= 1 x 10)');
  });

  it('nests prefix operators to the right', () => {
    expect(tree('not not a')).toBe('(not (not a))');
    expect(tree('- -a')).toBe('(- (- a))');
  });
});

describe('parseCondition literals and paths', () => {
  it('reads integers and decimals', () => {
    expect(tree('42')).toBe('42');
    expect(tree('3.25')).toBe('3.25');
  });

  it('reads single- and double-quoted strings with backslash escapes', () => {
    expect(tree(`"Paris"`)).toBe('"Paris"');
    expect(tree(`'Paris'`)).toBe('"Paris"');
    expect(tree(`'it\\'s'`)).toBe(`"it's"`);
    expect(tree(`"say \\"hi\\""`)).toBe('"say \\"hi\\""');
    expect(tree(`"a\\nb\\\\c"`)).toBe('"a\\nb\\\\c"');
    expect(tree(`"\\u00e9t\\x e9"`.replace(' ', ''))).toBe('"été"');
    expect(tree(`"it's" == 'say "x"'`)).toBe(`(== "it's" "say \\"x\\"")`);
  });

  it('reads the keywords in both spellings, and nothing else as a keyword', () => {
    expect(tree('True and true')).toBe('(and true true)');
    expect(tree('False or false')).toBe('(or false false)');
    expect(tree('Null == null')).toBe('(== null null)');
    expect(tree('TRUE')).toBe('TRUE');
    expect(tree('toString')).toBe('toString');
  });

  it('reads dot, index and quoted-key paths', () => {
    expect(tree('user.address.city')).toBe('(. (. user "address") "city")');
    expect(tree('items[0].name')).toBe('(. (. items 0) "name")');
    expect(tree('a["key"]')).toBe('(. a "key")');
    expect(tree("a['my key'][i + 1]")).toBe('(. (. a "my key") (+ i 1))');
    expect(tree('items.0.name')).toBe('(. (. items 0) "name")');
    expect(tree('a.and')).toBe('(. a "and")');
  });

  it('reads predefined variables as ordinary identifiers', () => {
    expect(tree('ENVIRONMENT == "web" and ENV_COURSE_ID > 0')).toBe(
      '(and (== ENVIRONMENT "web") (> ENV_COURSE_ID 0))',
    );
    expect(tree('USER_LAST_INPUT != "" or USER_AI_QUERY or WA_NUMBER')).toBe(
      '(or (or (!= USER_LAST_INPUT "") USER_AI_QUERY) WA_NUMBER)',
    );
  });

  it('reads ${{name}} references as the same tree as the bare path', () => {
    expect(tree('${{age}} >= 18')).toBe(tree('age >= 18'));
    expect(tree('${{ user.address.city }}')).toBe(tree('user.address.city'));
    expect(tree('${{items[0]["name"]}}')).toBe(tree('items[0].name'));
    expect(tree('${{user}}.name')).toBe(tree('user.name'));
  });
});

describe('parseCondition errors', () => {
  it('names an unexpected token and its offset', () => {
    expect(error('a == )')).toEqual({ message: "Unexpected token ')' at 5", offset: 5 });
    expect(error('a b')).toEqual({ message: "Unexpected token 'b' at 2", offset: 2 });
    expect(error('a AND b')).toEqual({ message: "Unexpected token 'AND' at 2", offset: 2 });
    expect(error('(a))')).toEqual({ message: "Unexpected token ')' at 3", offset: 3 });
  });

  it('asks for an expression where one is missing', () => {
    expect(error('')).toEqual({ message: 'Expected an expression at 0', offset: 0 });
    expect(error('a and')).toEqual({ message: 'Expected an expression at 5', offset: 5 });
    expect(error('not')).toEqual({ message: 'Expected an expression at 3', offset: 3 });
  });

  it('reports unclosed strings at their opening quote', () => {
    expect(error('name == "Paris')).toEqual({ message: 'Unclosed string at 8', offset: 8 });
    expect(error("a == 'x\\'")).toEqual({ message: 'Unclosed string at 5', offset: 5 });
    expect(error('"abc\\')).toMatchObject({ message: expect.stringMatching(/^Unclosed string/) });
  });

  it('reports unclosed parentheses and brackets', () => {
    expect(error('(a or b')).toEqual({ message: "Expected ')' at 7", offset: 7 });
    expect(error('items[0')).toEqual({ message: "Expected ']' at 7", offset: 7 });
    expect(error('(a b)').message).toBe("Expected ')' but found 'b' at 3");
  });

  it('explains single =, & and | and other stray characters', () => {
    expect(error('a = 1')).toEqual({ message: "Unexpected '=' (use '==' to compare) at 2", offset: 2 });
    expect(error('a & b').message).toBe("Unexpected '&' (use '&&' or 'and') at 2");
    expect(error('a | b').message).toBe("Unexpected '|' (use '||' or 'or') at 2");
    expect(error('a # b')).toEqual({ message: "Unexpected character '#' at 2", offset: 2 });
  });

  it('refuses broken references, properties and escapes', () => {
    expect(error('${{name')).toEqual({ message: 'Unclosed variable reference at 0', offset: 0 });
    expect(error('x == ${{a b}}')).toEqual({ message: 'Invalid variable reference at 5', offset: 5 });
    expect(error('${{}}').message).toBe('Invalid variable reference at 0');
    expect(error('a.')).toEqual({ message: 'Expected a property name at 2', offset: 2 });
    expect(error('a."b"').message).toBe(`Unexpected token '"b"' at 2`);
    expect(error('"\\xZZ"').message).toBe('Invalid escape sequence at 1');
  });

  it('ends 10,000 nested parentheses with a clear error instead of a stack overflow', () => {
    const deep = '('.repeat(10_000) + 'a' + ')'.repeat(10_000);
    expect(error(deep)).toEqual({
      message: `Expression is nested too deeply at ${MAX_NESTING}`,
      offset: 256,
    });
    expect(error('not '.repeat(10_000) + 'a').message).toMatch(/^Expression is nested too deeply/);
    expect(error('-'.repeat(10_000) + '1').message).toMatch(/^Expression is nested too deeply/);
    expect(error('a' + '[0]'.repeat(10_000)).message).toMatch(/^Expression is nested too deeply/);
    expect(error(Array(10_000).fill('a').join(' + ')).message).toMatch(/^Expression is nested too deeply/);
    expect(error('${{a' + '.b'.repeat(10_000) + '}}').message).toMatch(/^Expression is nested too deeply/);
  });

  it('accepts nesting up to the limit', () => {
    const text = '('.repeat(MAX_NESTING) + 'a' + ')'.repeat(MAX_NESTING);
    expect(parseCondition(text).ok).toBe(true);
    expect(parseCondition(Array(200).fill('a').join(' and ')).ok).toBe(true);
  });
});

describe('parseCondition cache', () => {
  it('answers the same result for the same text', () => {
    expect(parseCondition('a == 1')).toBe(parseCondition('a == 1'));
    expect(parseCondition('a ==')).toBe(parseCondition('a =='));
  });
});
