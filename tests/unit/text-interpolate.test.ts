import { describe, expect, it } from 'vitest';
import { interpolate, parseVariablePath } from '../../src/core';

const variables = {
  name: 'Ada',
  age: 36,
  vip: true,
  nothing: null,
  zero: 0,
  empty: '',
  user: { name: 'Grace', address: { city: 'Arlington' } },
  items: [{ title: 'First' }, { title: 'Second', tags: ['a', 'b'] }],
  'odd key': 'never reachable by dot',
  data: { 'first name': 'Alan', 'a.b': 'dotted' },
  USER_LAST_INPUT: 'hello',
};

describe('interpolate', () => {
  it('fills a simple variable', () => {
    expect(interpolate('Hello ${{name}}!', variables)).toBe('Hello Ada!');
  });

  it('allows spaces inside the braces', () => {
    expect(interpolate('Hello ${{ name }} / ${{  name}}', variables)).toBe('Hello Ada / Ada');
  });

  it('fills every placeholder, repeated ones included', () => {
    expect(interpolate('${{name}} is ${{age}}; ${{name}} again', variables)).toBe('Ada is 36; Ada again');
  });

  it('follows dot paths', () => {
    expect(interpolate('${{user.name}} of ${{user.address.city}}', variables)).toBe('Grace of Arlington');
  });

  it('follows bracket indexes mixed with dots', () => {
    expect(interpolate('${{items[0].title}}, ${{items[1].tags[1]}}', variables)).toBe('First, b');
  });

  it('reads an index written after a dot', () => {
    expect(interpolate('${{items.1.title}}', variables)).toBe('Second');
  });

  it('reads quoted keys in brackets', () => {
    expect(interpolate(`\${{data['first name']}} \${{data["a.b"]}}`, variables)).toBe('Alan dotted');
  });

  it('gives the empty string for a missing variable or step', () => {
    expect(interpolate('[${{missing}}|${{user.phone}}|${{items[9].title}}|${{name.first}}]', variables)).toBe(
      '[|||]',
    );
  });

  it('gives the empty string for null but keeps falsy values', () => {
    expect(interpolate('[${{nothing}}|${{zero}}|${{vip}}|${{empty}}]', variables)).toBe('[|0|true|]');
  });

  it('writes objects and arrays as JSON text', () => {
    expect(interpolate('${{user.address}}', variables)).toBe('{"city":"Arlington"}');
    expect(interpolate('${{items[1].tags}}', variables)).toBe('["a","b"]');
  });

  it('never reads through the prototype chain', () => {
    expect(interpolate('[${{user.constructor}}|${{name.length}}|${{user.toString}}]', variables)).toBe(
      '[||]',
    );
    expect(interpolate('[${{constructor}}|${{__proto__}}]', variables)).toBe('[|]');
  });

  it('leaves braces that do not hold a variable path as written', () => {
    const text = 'Hi ${{first name}} ${{}} ${{1abc}} ${name} {{name}} ${{name';
    expect(interpolate(text, variables)).toBe(text);
  });

  it('does not interpolate a value twice', () => {
    expect(interpolate('${{a}}', { a: '${{b}}', b: 'no' })).toBe('${{b}}');
  });

  it('leaves text without placeholders unchanged', () => {
    expect(interpolate('Plain $ text {with} braces', variables)).toBe('Plain $ text {with} braces');
  });

  it('reads predefined variables', () => {
    expect(interpolate('You said: ${{USER_LAST_INPUT}}', variables)).toBe('You said: hello');
  });
});

describe('parseVariablePath', () => {
  it('splits names, keys and indexes', () => {
    expect(parseVariablePath('items[0].title')).toEqual(['items', 0, 'title']);
    expect(parseVariablePath(`data['first name']["x"]`)).toEqual(['data', 'first name', 'x']);
    expect(parseVariablePath('user')).toEqual(['user']);
  });

  it.each(['', '1abc', 'a b', 'a.', 'a..b', 'a[', 'a[x]', "a['x]", 'a.b-c', '.a'])('rejects %j', (text) => {
    expect(parseVariablePath(text)).toBeNull();
  });
});
