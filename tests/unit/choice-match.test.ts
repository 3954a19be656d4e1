import { describe, expect, it } from 'vitest';
import { editDistance, matchChoiceAnswer, wordsOf } from '../../src/core/text/choice-match';

// Issue 13 item 5: whole words and phrases, case and accents ignored, one slip forgiven in a
// keyword of 4+ letters when nothing matches exactly, ties to the first choice.
const menu = [
  ['Yes', 'yes', 'sure', 'of course'],
  ['No', 'nope', 'not sure'],
  ['Prices', 'price', 'cost'],
  ['Café', 'crème brûlée'],
];

describe('matchChoiceAnswer', () => {
  const table: [string, string, number][] = [
    ['equal to the choice text', 'Yes', 0],
    ['equal, other case and spaces', '  PRICES ', 2],
    ['keyword as a whole word inside the answer', 'yes please', 0],
    ['keyword after punctuation', 'Well... yes!', 0],
    ['phrase inside the answer', 'why, of course I will', 0],
    ['not part of a longer word', 'yesterday', -1],
    ['not part of a longer word at the end', 'eyes', -1],
    ['phrase words must be consecutive', 'of the course', -1],
    ['accents ignored in the answer', 'cafe', 3],
    ['accents ignored in the keyword', 'one creme brulee please', 3],
    ['accents and case together', 'CAFÉ', 3],
    ['typo: one letter replaced', 'prise', 2],
    ['typo: one letter missing', 'what is the prce', 2],
    ['typo: one letter added', 'pricce', 2],
    ['typo: two letters swapped', 'pirce', 2],
    ['typo: two slips is too many', 'prsie', -1],
    ['typo: short keywords need an exact word', 'yas', -1],
    ['typo: one slip in a phrase', 'creme brulle', 3],
    ['exact match wins over a typo in an earlier choice', 'nope', 1],
    ['the longest phrase wins', 'not sure', 1],
    ['ties go to the first choice', 'yes or no', 0],
    ['ties go to the first choice (order of the answer does not matter)', 'no, yes', 0],
    ['no match', 'pizza', -1],
    ['empty answer', '   ', -1],
  ];
  it.each(table)('%s: %j → %i', (_, answer, expected) => {
    expect(matchChoiceAnswer(answer, menu)).toBe(expected);
  });

  it('matches a keyword made of symbols only when the answer is exactly it', () => {
    const thumbs = [
      ['Good', '👍'],
      ['Bad', '👎'],
    ];
    expect(matchChoiceAnswer('👎', thumbs)).toBe(1);
    expect(matchChoiceAnswer('good 👎', thumbs)).toBe(0);
  });

  it('never matches a choice with no phrases', () => {
    expect(matchChoiceAnswer('anything', [[], ['   ']])).toBe(-1);
  });
});

describe('wordsOf and editDistance', () => {
  it('splits on anything but letters and digits, folded', () => {
    expect(wordsOf("L'Été, 2024!")).toEqual(['l', 'ete', '2024']);
  });

  it('counts the four typing slips', () => {
    expect(editDistance('price', 'price')).toBe(0);
    expect(editDistance('price', 'prise')).toBe(1);
    expect(editDistance('price', 'pice')).toBe(1);
    expect(editDistance('price', 'prices')).toBe(1);
    expect(editDistance('price', 'pirce')).toBe(1);
    expect(editDistance('price', 'cost')).toBe(5);
    expect(editDistance('price', 'cost', 1)).toBe(2);
  });
});
