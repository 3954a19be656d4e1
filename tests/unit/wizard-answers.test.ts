import { describe, expect, it } from 'vitest';
import { WIZARD_FIELD_TYPES, type WizardFieldType } from '../../src/core/flow';
import {
  FORM_ANSWER_MESSAGES,
  checkFormAnswer,
  progressText,
  wizardProgress,
  type AnswerField,
} from '../../src/core/wizard';

// Spec 2 §3 form-field types: what each accepts (and the value kept), what each refuses.
const size: AnswerField = {
  type: 'options',
  options: [
    { value: 'S', labels: ['Small', 'Petit'] },
    { value: 'L', labels: ['Large'] },
  ],
};
const gift: AnswerField = { type: 'bool', booleans: { onTrue: ['Yes', 'Oui'], onFalse: ['No', 'Non'] } };
const field = (type: WizardFieldType): AnswerField => ({ type });

const accepted: [AnswerField, string, unknown][] = [
  [field('text'), ' Ada ', 'Ada'],
  [field('number'), '42', 42],
  [field('number'), '-10.5', -10.5],
  [field('email'), 'ada@example.com', 'ada@example.com'],
  [field('password'), ' pass word ', ' pass word '],
  [field('date'), '2024-02-29', '2024-02-29'],
  [field('time'), '9:05', '09:05'],
  [field('time'), '23:59:30', '23:59'],
  [field('url'), 'https://example.com/a?b=1', 'https://example.com/a?b=1'],
  [field('url'), 'www.example.org', 'www.example.org'],
  [field('phone'), '+33 6 12 34 56 78', '+33 6 12 34 56 78'],
  [field('phone'), '(555) 123-4567', '(555) 123-4567'],
  [gift, 'oui', true],
  [gift, 'no thanks', false],
  [gift, 'TRUE', true],
  [size, 'large', 'L'],
  [size, 'the small one please', 'S'],
  [size, 's', 'S'],
  [size, 'petti', 'S'],
  [field('datetime'), '2024-01-01 09:30', '2024-01-01T09:30'],
  [field('datetime'), '2024-01-01T9:30', '2024-01-01T09:30'],
];

const refused: [AnswerField, string, string][] = [
  [field('text'), '   ', FORM_ANSWER_MESSAGES.text],
  [field('number'), 'ten', FORM_ANSWER_MESSAGES.number],
  [field('number'), '1,5', FORM_ANSWER_MESSAGES.number],
  [field('email'), 'ada.example.com', FORM_ANSWER_MESSAGES.email],
  [field('email'), 'ada @example.com', FORM_ANSWER_MESSAGES.email],
  [field('password'), '  ', FORM_ANSWER_MESSAGES.password],
  [field('date'), '2023-02-29', FORM_ANSWER_MESSAGES.date],
  [field('date'), '29/02/2024', FORM_ANSWER_MESSAGES.date],
  [field('time'), '24:00', FORM_ANSWER_MESSAGES.time],
  [field('time'), '12:60', FORM_ANSWER_MESSAGES.time],
  [field('time'), 'noon', FORM_ANSWER_MESSAGES.time],
  [field('url'), 'not a url', FORM_ANSWER_MESSAGES.url],
  [field('url'), 'javascript:alert(1)', FORM_ANSWER_MESSAGES.url],
  [field('url'), 'ftp://example.com', FORM_ANSWER_MESSAGES.url],
  [field('phone'), '12ab', FORM_ANSWER_MESSAGES.phone],
  [field('phone'), '123', FORM_ANSWER_MESSAGES.phone],
  [size, 'medium', FORM_ANSWER_MESSAGES.options],
  [gift, 'maybe', 'Please answer Yes or No.'],
  [field('datetime'), '2024-01-01 25:00', FORM_ANSWER_MESSAGES.datetime],
  [field('datetime'), '2024-02-30 10:00', FORM_ANSWER_MESSAGES.datetime],
];

describe('checkFormAnswer', () => {
  it.each(accepted)('%j accepts %j as %j', (f, answer, value) => {
    expect(checkFormAnswer(f, answer)).toEqual({ ok: true, value });
  });

  it.each(refused)('%j refuses %j', (f, answer, message) => {
    expect(checkFormAnswer(f, answer)).toEqual({ ok: false, message });
  });

  it('has a case for every form-field type the editor offers', () => {
    const covered = new Set([...accepted, ...refused].map(([f]) => f.type));
    expect([...WIZARD_FIELD_TYPES].filter((type) => !covered.has(type))).toEqual([]);
  });
});

describe('wizardProgress', () => {
  it('counts passes from the offsite up to the last pass', () => {
    const wizard = { iterations: 3, offsite: 1 };
    expect([0, 1, 2].map((i) => progressText(wizardProgress(wizard, i)!, 'en'))).toEqual([
      '1 of 3',
      '2 of 3',
      '3 of 3',
    ]);
    expect(progressText(wizardProgress({ iterations: 3, offsite: 0 }, 0)!, 'en')).toBe('0 of 2');
    expect(progressText(wizardProgress({ iterations: 2, offsite: 4 }, 1)!, 'fr')).toBe('5 sur 5');
  });

  it('is nothing for a wizard asked once', () => {
    expect(wizardProgress({ iterations: 1, offsite: 1 }, 0)).toBeNull();
  });

  it('reads an offsite saved as text and counts from 1 without one', () => {
    expect(wizardProgress({ iterations: 2, offsite: '3' }, 0)).toEqual({ pass: 3, of: 4 });
    expect(wizardProgress({ iterations: 2, offsite: undefined }, 0)).toEqual({ pass: 1, of: 2 });
  });

  it('falls back to English words for a language it does not know', () => {
    expect(progressText({ pass: 1, of: 2 }, 'xx')).toBe('1 of 2');
  });
});
