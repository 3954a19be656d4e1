import { describe, expect, it } from 'vitest';
import {
  isFileVariableAccepted,
  isImageUploadAccepted,
  isUploadAccepted,
  newChoiceLabelProblem,
  newKeywordProblem,
  validateEntry,
  validateWizardField,
  type ValidationContext,
} from '../../src/core/validation';

const context: ValidationContext = {
  supportedLanguages: [{ id: 2, code: 'en' }],
  defaultLanguageCode: 'en',
  templateNames: [],
  providers: [],
  pushMessageTypes: [],
};

describe('validateEntry (Add Element forms)', () => {
  it('answers the entry rules with fields relative to the entry', () => {
    expect(validateEntry({ type: 'delay', seconds: 1 }, context)).toEqual([]);
    expect(validateEntry({ type: 'delay', seconds: 0 }, context)).toEqual([
      { field: 'seconds', message: 'Delay must be greater than 0 seconds' },
    ]);
    const text = {
      type: 'content' as const,
      content: { type: 'text' as const, title: '', content: { en: 'Hi' } },
    };
    expect(validateEntry(text, context)).toEqual([{ field: 'content.title', message: 'Title is required' }]);
  });
});

describe('validateWizardField (Add question)', () => {
  it('answers the step rules with fields relative to the step', () => {
    const step = { id: 1, type: 'text' as const, attr: 'name', feedback: { en: 'Name?' } };
    expect(validateWizardField(step, context)).toEqual([]);
    expect(validateWizardField({ ...step, feedback: { en: '' } }, context)).toEqual([
      { field: 'feedback.en', message: 'Question is required' },
    ]);
  });
});

describe('new choice labels and keywords', () => {
  it('refuses a blank or taken label, ignoring case', () => {
    expect(newChoiceLabelProblem('Maybe', ['Yes', 'No'])).toBeNull();
    expect(newChoiceLabelProblem('  ', ['Yes'])).toBe('Choice name is required');
    expect(newChoiceLabelProblem('YES ', ['Yes'])).toBe('Choice "YES" already exists');
  });

  it('refuses a blank keyword or one the choice already has', () => {
    expect(newKeywordProblem('yep', ['y'])).toBeNull();
    expect(newKeywordProblem('', ['y'])).toBe('Keyword cannot be empty');
    expect(newKeywordProblem('Y', ['y'])).toBe('Keyword "Y" is repeated');
  });
});

describe('upload rules', () => {
  it('accepts by extension per widget kind, in any case', () => {
    expect(isUploadAccepted('file', 'menu.PDF')).toBe(true);
    expect(isUploadAccepted('file', 'notes.docx')).toBe(true);
    expect(isUploadAccepted('file', 'run.exe')).toBe(false);
    expect(isUploadAccepted('image', 'logo.jpeg')).toBe(true);
    expect(isUploadAccepted('image', 'logo.webp')).toBe(false);
    expect(isUploadAccepted('video', 'intro.mkv')).toBe(true);
    expect(isUploadAccepted('video', 'intro.gif')).toBe(false);
    expect(isUploadAccepted('file', 'no-extension')).toBe(false);
  });

  it('takes gif, jpeg, png and pdf as file variables, nothing else', () => {
    for (const type of ['image/gif', 'image/jpeg', 'image/png', 'application/pdf']) {
      expect(isFileVariableAccepted(type)).toBe(true);
    }
    expect(isFileVariableAccepted('image/webp')).toBe(false);
    expect(isFileVariableAccepted('text/plain')).toBe(false);
  });

  it('takes any image for an image upload', () => {
    expect(isImageUploadAccepted('image/webp')).toBe(true);
    expect(isImageUploadAccepted('application/pdf')).toBe(false);
  });
});
