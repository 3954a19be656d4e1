import { describe, expect, it } from 'vitest';
import { int8ArrayParam, textArrayParam } from '../../server/db/pg-binary-array.js';

// The expected bytes are PostgreSQL 15's own: select encode(array_send(array[…]::int8[]), 'hex').
describe('PostgreSQL binary array parameters', () => {
  it('writes bigints as array_send does, with negatives, NULL and the largest safe integer', () => {
    expect(int8ArrayParam([1, -2, null, Number.MAX_SAFE_INTEGER]).toString('hex')).toBe(
      '000000010000000100000014000000040000000100000008000000000000000100000008fffffffffffffffe' +
        'ffffffff00000008001fffffffffffff',
    );
  });

  it('writes texts by their UTF-8 bytes, with NULL and an empty text', () => {
    expect(textArrayParam(['a', 'é😀', null, '']).toString('hex')).toBe(
      '0000000100000001000000190000000400000001000000016100000006c3a9f09f9880ffffffff00000000',
    );
  });

  it('writes an empty array with no dimension', () => {
    expect(int8ArrayParam([]).toString('hex')).toBe('000000000000000000000014');
    expect(textArrayParam([]).toString('hex')).toBe('000000000000000000000019');
  });

  it('refuses a value of another type rather than send bytes the database misreads', () => {
    expect(() => int8ArrayParam([1.5])).toThrow('not an integer for a bigint array: 1.5');
    expect(() => int8ArrayParam([2 ** 53])).toThrow(TypeError);
    expect(() => textArrayParam([7 as unknown as string])).toThrow('not a string for a text array: 7');
  });
});
