import { describe, expect, it } from 'vitest';
import { trigramPhrase } from '../../src/core/analytics/search-phrase.js';

describe('trigramPhrase', () => {
  it('quotes the search as one phrase', () => {
    expect(trigramPhrase('Guest 4242')).toBe('"Guest 4242"');
  });
  it('doubles quotes inside it, keeping FTS5 operators as plain text', () => {
    expect(trigramPhrase('say "hi" OR *')).toBe('"say ""hi"" OR *"');
  });
  it('has no phrase under three characters (counted as characters, not UTF-16 units)', () => {
    expect(trigramPhrase('ab')).toBeNull();
    expect(trigramPhrase('é😀')).toBeNull();
    expect(trigramPhrase('é😀x')).toBe('"é😀x"');
  });
});
