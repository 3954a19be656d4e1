import { describe, expect, it } from 'vitest';
import { evaluateCondition, isTruthy, looseEquals, parseCondition } from '../../src/core/condition';

const variables = {
  user: { name: 'Ada', age: '36', address: { city: 'Paris' }, tags: ['vip', 'beta'] },
  items: [{ name: 'first' }, { name: 'second' }],
  count: 3,
  zero: 0,
  empty: '',
  none: null,
  flag: 'True',
  ENVIRONMENT: 'web',
  ENV_COURSE_ID: 12,
  USER_LAST_INPUT: '7',
};

const run = (text: string) => evaluateCondition(text, variables);

describe('evaluateCondition values', () => {
  it('computes arithmetic with the usual precedence and left grouping', () => {
    expect(run('1 + 2 * 3')).toBe(7);
    expect(run('(1 + 2) * 3')).toBe(9);
    expect(run('10 - 4 - 3')).toBe(3);
    expect(run('12 / 3 / 2')).toBe(2);
    expect(run('-count + 1')).toBe(-2);
    expect(run('7 % 3')).toBe(1);
    expect(run('-7 % 3')).toBe(2);
    expect(run('0.5 * 3')).toBe(1.5);
  });

  it('gives null for a division or remainder by zero and for non-numbers', () => {
    expect(run('1 / 0')).toBeNull();
    expect(run('count % zero')).toBeNull();
    expect(run('count / missing')).toBeNull();
    expect(run('user * 2')).toBeNull();
    expect(run('-"abc"')).toBeNull();
    expect(run('1 / 0 == null')).toBe(true);
  });

  it('joins text with + when either side is a string, and adds numeric strings only with - * / %', () => {
    expect(run('"Hello " + user.name')).toBe('Hello Ada');
    expect(run('"n" + 1')).toBe('n1');
    expect(run('"x" + missing')).toBe('x');
    expect(run('user.age + 1')).toBe('361');
    expect(run('user.age * 1 + 1')).toBe(37);
    expect(run('USER_LAST_INPUT - 2')).toBe(5);
  });

  it('reads dot, index, quoted-key and ${{}} paths; missing steps are null', () => {
    expect(run('user.address.city')).toBe('Paris');
    expect(run('items[1].name')).toBe('second');
    expect(run('items[-1].name')).toBe('second');
    expect(run('items.0.name')).toBe('first');
    expect(run('user["tags"][0]')).toBe('vip');
    expect(run('${{user.address.city}} == "Paris"')).toBe(true);
    expect(run('items[5].name')).toBeNull();
    expect(run('none.city')).toBeNull();
    expect(run('user.name.first')).toBeNull();
    expect(run('items["x"]')).toBeNull();
  });

  it('treats unknown variables as null, never as inherited properties', () => {
    expect(run('missing')).toBeNull();
    expect(run('missing == null')).toBe(true);
    expect(run('constructor')).toBeNull();
    expect(run('user.constructor')).toBeNull();
    expect(run('user.__proto__')).toBeNull();
    expect(evaluateCondition('a', Object.create({ a: 1 }))).toBeNull();
  });

  it('short-circuits and/or and answers the deciding operand, as Python does', () => {
    expect(run('empty or "fallback"')).toBe('fallback');
    expect(run('user.name and count')).toBe(3);
    expect(run('zero and missing.x')).toBe(0);
    expect(run('not empty')).toBe(true);
    expect(run('!count')).toBe(false);
  });

  it('reads the predefined variables like any other', () => {
    expect(run('ENVIRONMENT == "web" and ENV_COURSE_ID > 10')).toBe(true);
    expect(run('USER_LAST_INPUT >= 7')).toBe(true);
    expect(run('WA_NUMBER')).toBeNull();
  });

  it('gives null for text that does not parse', () => {
    expect(run('a ==')).toBeNull();
  });

  it('evaluates a parsed tree as well as text', () => {
    const parsed = parseCondition('count > 2');
    if (!parsed.ok) throw new Error('did not parse');
    expect(evaluateCondition(parsed.ast, { count: 3 })).toBe(true);
    expect(evaluateCondition(parsed.ast, { count: 1 })).toBe(false);
  });
});

describe('evaluateCondition comparisons', () => {
  it('compares numbers with numeric strings as numbers, and strings case-sensitively', () => {
    expect(run('user.age == 36')).toBe(true);
    expect(run('36.0 == user.age')).toBe(true);
    expect(run('user.name == "Ada"')).toBe(true);
    expect(run('user.name == "ada"')).toBe(false);
    expect(run('"36" == "36.0"')).toBe(false);
    expect(run('"abc" == 0')).toBe(false);
    expect(run('empty == 0')).toBe(false);
    expect(run('user.name != "Bob"')).toBe(true);
  });

  it('compares booleans with 1/0 and with the words true and false', () => {
    expect(run('flag == True')).toBe(true);
    expect(run('flag == false')).toBe(false);
    expect(run('"false" == False')).toBe(true);
    expect(run('true == 1')).toBe(true);
    expect(run('false == ""')).toBe(false);
  });

  it('lets null equal only null', () => {
    expect(run('none == Null')).toBe(true);
    expect(run('none == ""')).toBe(false);
    expect(run('none == 0')).toBe(false);
    expect(run('none != 0')).toBe(true);
  });

  it('compares lists and objects item by item', () => {
    expect(looseEquals([1, '2'], ['1', 2])).toBe(true);
    expect(looseEquals({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(looseEquals([1], { 0: 1 })).toBe(false);
    expect(evaluateCondition('a == b', { a: { x: [1] }, b: { x: [1] } })).toBe(true);
  });

  it('orders numbers and numeric strings numerically, other strings by code unit', () => {
    expect(run('USER_LAST_INPUT < 10')).toBe(true);
    expect(run('"10" > "9"')).toBe(true);
    expect(run('"apple" < "banana"')).toBe(true);
    expect(run('"B" < "a"')).toBe(true);
    expect(run('count >= 3 and count <= 3')).toBe(true);
  });

  it('answers false for orderings that make no sense', () => {
    expect(run('missing < 1')).toBe(false);
    expect(run('missing >= 1')).toBe(false);
    expect(run('"abc" > 1')).toBe(false);
    expect(run('items > 0')).toBe(false);
  });

  it('chains comparisons pairwise', () => {
    expect(run('1 < count < 5')).toBe(true);
    expect(run('1 < count < 2')).toBe(false);
    expect(run('3 > 2 > 1')).toBe(true);
    expect(run('count == 3 == user.age / 12')).toBe(true);
  });
});

describe('isTruthy', () => {
  it('follows Python: empty text, 0, null, false and empty lists and objects are false', () => {
    for (const value of ['', 0, -0, NaN, null, undefined, false, [], {}]) expect(isTruthy(value)).toBe(false);
    for (const value of ['0', 'False', 1, -1, true, [0], { a: null }]) expect(isTruthy(value)).toBe(true);
  });
});
