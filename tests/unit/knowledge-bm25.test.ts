import { describe, expect, it } from 'vitest';
import {
  buildPostings,
  lexemeRange,
  parseTsvector,
  rankBm25,
  type SourcePostings,
} from '../../src/core/knowledge/index.js';

const passage = (id: number, words: string) => {
  const lexemes = new Map<string, number>();
  for (const word of words.split(' ')) lexemes.set(word, (lexemes.get(word) ?? 0) + 1);
  return { id, lexemes };
};
const exact = (...words: string[]) => words.map((w) => ({ lexemes: [w], prefix: false }));
const source = (sourceId: number, postings: SourcePostings, words = exact('cursor', 'stream')) => ({
  sourceId,
  postings,
  words,
});

describe('parseTsvector', () => {
  it('reads lexemes with their occurrence counts, quotes and weights included', () => {
    const lexemes = parseTsvector(`'cursor':3,9A 'it''s':1 'pg':2 'stream':5B,6,7`);
    expect([...lexemes]).toEqual([
      ['cursor', 2],
      ["it's", 1],
      ['pg', 1],
      ['stream', 3],
    ]);
  });

  it('counts a lexeme stored without positions once', () => {
    expect([...parseTsvector(`'alone' 'two':1`)]).toEqual([
      ['alone', 1],
      ['two', 1],
    ]);
  });
});

describe('lexemeRange', () => {
  const postings = buildPostings([passage(1, 'return returned returns ret rex')]);
  it('finds a lexeme whole, or every lexeme it starts', () => {
    const [from, to] = lexemeRange(postings, 'return', true);
    expect(postings.lexemes.slice(from, to)).toEqual(['return', 'returned', 'returns']);
    const [a, b] = lexemeRange(postings, 'return', false);
    expect(postings.lexemes.slice(a, b)).toEqual(['return']);
    const [c, d] = lexemeRange(postings, 'retu', false);
    expect(d - c).toBe(0);
  });
});

describe('rankBm25', () => {
  it('ranks a passage holding more of the rare words first, over every source searched', () => {
    const a = buildPostings([
      passage(1, 'cursor stream results rows'),
      passage(2, 'query results rows table'),
    ]);
    const b = buildPostings([passage(3, 'stream rows'), passage(4, 'table rows')]);
    const ranked = rankBm25([source(10, a), source(20, b)], 10);
    expect(ranked.map((r) => [r.id, r.sourceId])).toEqual([
      [1, 10],
      [3, 20],
    ]);
    expect(ranked[0].score).toBeGreaterThan(ranked[1].score);
  });

  it('weighs a word by how few passages of the searched sources hold it', () => {
    const postings = buildPostings([
      passage(1, 'common rare'),
      passage(2, 'common other'),
      passage(3, 'common other'),
      passage(4, 'common filler'),
    ]);
    const ranked = rankBm25([source(1, postings, exact('common', 'rare'))], 10);
    expect(ranked[0].id).toBe(1);
    // "common" is in every passage: it still counts, a little.
    expect(ranked.map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(ranked[1].score).toBeGreaterThan(0);
  });

  it('prefers the shorter passage for the same occurrences, and keeps the best `limit`', () => {
    const postings = buildPostings([
      passage(1, 'cursor a b c d e f g h i j k l m'),
      passage(2, 'cursor a'),
      passage(3, 'cursor a b c'),
    ]);
    expect(rankBm25([source(1, postings)], 2).map((r) => r.id)).toEqual([2, 3]);
  });

  it('counts the lexemes a prefix matches together, and ties go to the lower id', () => {
    const postings = buildPostings([passage(7, 'returned value'), passage(5, 'returns value')]);
    const ranked = rankBm25([source(1, postings, [{ lexemes: ['return'], prefix: true }])], 5);
    expect(ranked.map((r) => r.id)).toEqual([5, 7]);
    expect(rankBm25([source(1, postings, exact('missing'))], 5)).toEqual([]);
  });
});

describe('parseTsvector escapes', () => {
  it('reads a backslash kept in a lexeme', () => {
    expect([...parseTsvector(String.raw`'a\\b':1,2 'c':3`)]).toEqual([
      ['a\\b', 2],
      ['c', 1],
    ]);
  });
});
