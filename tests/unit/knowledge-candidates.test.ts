import { describe, expect, it } from 'vitest';
import { matchTerms, scopedFrequencies } from '../../src/core/knowledge/index.js';

describe('matchTerms', () => {
  it('keeps every term when their matches fit the budget (a small knowledge base)', () => {
    const terms = [
      { term: 'install', passages: 40 },
      { term: 'server', passages: 120 },
      { term: 'port', passages: 10 },
    ];
    expect(matchTerms(terms, 400)).toEqual(['install', 'server', 'port']);
  });

  it('matches on the rarest terms whose matches fit, in the order of the query', () => {
    const terms = [
      { term: 'type', passages: 4096 },
      { term: 'autocompletion', passages: 105 },
      { term: 'query', passages: 1500 },
      { term: 'sql', passages: 209 },
      { term: 'builder', passages: 212 },
    ];
    expect(matchTerms(terms, 400)).toEqual(['autocompletion', 'sql']);
  });

  it('keeps the rarest term even when it alone is over the budget', () => {
    expect(
      matchTerms(
        [
          { term: 'data', passages: 900 },
          { term: 'type', passages: 4000 },
        ],
        400,
      ),
    ).toEqual(['data']);
  });

  it('drops terms no passage holds, unless none is held', () => {
    expect(
      matchTerms([
        { term: 'zzzq', passages: 0 },
        { term: 'tea', passages: 3 },
      ]),
    ).toEqual(['tea']);
    expect(
      matchTerms([
        { term: 'zzzq', passages: 0 },
        { term: 'qqq', passages: 0 },
      ]),
    ).toEqual(['zzzq', 'qqq']);
  });
});

describe('scopedFrequencies', () => {
  it('scales counts over the whole table to the passages searched, a held term staying held', () => {
    expect(
      scopedFrequencies(
        [
          { term: 'type', passages: 4000 },
          { term: 'kysely', passages: 2 },
          { term: 'zzzq', passages: 0 },
        ],
        1_000,
        10_000,
      ),
    ).toEqual([
      { term: 'type', passages: 400 },
      { term: 'kysely', passages: 1 },
      { term: 'zzzq', passages: 0 },
    ]);
  });

  it('never scales up (a scope counted larger than the table, statistics being estimates)', () => {
    expect(scopedFrequencies([{ term: 'tea', passages: 30 }], 500, 100)).toEqual([
      { term: 'tea', passages: 30 },
    ]);
    expect(scopedFrequencies([{ term: 'tea', passages: 30 }], 500, 0)).toEqual([
      { term: 'tea', passages: 30 },
    ]);
  });
});
