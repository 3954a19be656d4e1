import { describe, expect, it } from 'vitest';
import {
  NO_PICK,
  answeredLanguage,
  forNewGuest,
  languageToSend,
  picked,
  told,
} from '../../src/core/widget/language-pick';

const en = { id: 2, code: 'en' };
const fr = { id: 3, code: 'fr' };
const languages = [en, fr];

describe('the language a chat message carries', () => {
  it('is none until the guest picks one', () => {
    expect(languageToSend(NO_PICK)).toBeUndefined();
  });

  it('is the pick until the server has heard it, then none again', () => {
    const pick = picked(NO_PICK, 'fr');
    expect(languageToSend(pick)).toBe('fr');
    expect(languageToSend(told(pick, pick.serial))).toBeUndefined();
  });

  it('stays a later pick when an earlier one is told', () => {
    const first = picked(NO_PICK, 'fr');
    const second = picked(first, 'en');
    expect(languageToSend(told(second, first.serial))).toBe('en');
  });

  it('is the pick again for a new guest after a restart', () => {
    const pick = told(picked(NO_PICK, 'fr'), 1);
    expect(languageToSend(forNewGuest(pick))).toBe('fr');
    expect(languageToSend(forNewGuest(NO_PICK))).toBeUndefined();
  });
});

describe('the language the select shows after an answer', () => {
  it("is the server's (a language-changer node switched it)", () => {
    expect(answeredLanguage(languages, en, 'fr', NO_PICK, 0)).toBe(fr);
  });

  it('keeps what is shown when the server says nothing or names a language the bot lacks', () => {
    expect(answeredLanguage(languages, en, undefined, NO_PICK, 0)).toBe(en);
    expect(answeredLanguage(languages, en, 'de', NO_PICK, 0)).toBe(en);
  });

  it('keeps a pick made while the call was on its way', () => {
    const pick = picked(NO_PICK, 'fr');
    expect(answeredLanguage(languages, fr, 'en', pick, 0)).toBe(fr);
  });
});
