import { describe, expect, it } from 'vitest';
import { prettifyJsonBody } from '../../src/core/validation';

const pretty = (text: string) => {
  const result = prettifyJsonBody(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.text;
};

const failure = (text: string) => {
  const result = prettifyJsonBody(text);
  if (result.ok) throw new Error(`prettified: ${text}`);
  return result.error;
};

describe('prettifyJsonBody', () => {
  it('lays out valid JSON as JSON.stringify with two spaces would', () => {
    const body = '{"a":1,"b":[true,false,null,-2.5],"c":{"d":"x"},"e":[],"f":{}}';
    expect(pretty(body)).toBe(JSON.stringify(JSON.parse(body), null, 2));
  });

  it('quotes unquoted keys and words, keeping numbers and literals', () => {
    expect(pretty('{name: John Smith, age: 36, vip: true, note: null}')).toBe(
      '{\n  "name": "John Smith",\n  "age": 36,\n  "vip": true,\n  "note": null\n}',
    );
    expect(pretty('[red, 007, True, 1e3, one two]')).toBe(
      '[\n  "red",\n  "007",\n  "True",\n  1e3,\n  "one two"\n]',
    );
  });

  it('keeps bare ${{...}} placeholders bare and placeholders within words inside the string', () => {
    expect(pretty('{user: ${{user}}, auth: Bearer ${{token}}, "city": "${{ user.city }}"}')).toBe(
      '{\n  "user": ${{user}},\n  "auth": "Bearer ${{token}}",\n  "city": "${{ user.city }}"\n}',
    );
    expect(pretty('[${{items[0]}}, ${{a}}${{b}}]')).toBe('[\n  ${{items[0]}},\n  "${{a}}${{b}}"\n]');
    expect(pretty('{${{key}}: 1}')).toBe('{\n  "${{key}}": 1\n}');
  });

  it('turns single-quoted strings into JSON strings and keeps escapes', () => {
    expect(pretty(`{'it': 'it\\'s "ok"', "tab": "a\\tb"}`)).toBe(
      '{\n  "it": "it\'s \\"ok\\"",\n  "tab": "a\\tb"\n}',
    );
  });

  it('forgives trailing commas and answers an empty body as empty', () => {
    expect(pretty('{a: 1,}')).toBe('{\n  "a": 1\n}');
    expect(pretty('[1, 2,]')).toBe('[\n  1,\n  2\n]');
    expect(pretty('   ')).toBe('');
  });

  it('nests with indentation', () => {
    expect(pretty('{a: {b: [1, {c: d}]}}')).toBe(
      [
        '{',
        '  "a": {',
        '    "b": [',
        '      1,',
        '      {',
        '        "c": "d"',
        '      }',
        '    ]',
        '  }',
        '}',
      ].join('\n'),
    );
  });

  it('reports what is wrong and where', () => {
    expect(failure('{"a": 1')).toEqual({ message: "Expected '}' at 7", offset: 7 });
    expect(failure('{a 1}')).toEqual({ message: "Expected ':' but found '}' at 4", offset: 4 });
    expect(failure('[1,,2]')).toEqual({ message: "Unexpected ',' at 3", offset: 3 });
    expect(failure('{"a": "x}')).toEqual({ message: 'Unclosed string at 6', offset: 6 });
    expect(failure('{"a": 1} x')).toEqual({ message: "Unexpected 'x' at 9", offset: 9 });
    expect(failure('{a: ${{b}')).toEqual({ message: 'Unclosed placeholder at 4', offset: 4 });
    expect(failure('{: 1}').message).toBe("Expected a key but found ':' at 1");
    expect(failure('[1 "2"]').message).toBe("Expected ',' or ']' at 3");
  });

  it('stops deep nesting with an error instead of a stack overflow', () => {
    expect(failure('['.repeat(10_000)).message).toMatch(/^The body is nested too deeply/);
  });
});
