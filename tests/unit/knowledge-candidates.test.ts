import { describe, expect, it } from 'vitest';
import { matchTerms } from '../../src/core/knowledge/index.js';

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
