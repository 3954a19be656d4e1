import { describe, expect, it } from 'vitest';
import { newVariableEntry, type Entry, type VariableEntry } from '../../src/core/flow';
import { validateEntry } from '../../src/core/validation';
import {
  declaredVariables,
  DELAY_AFTER_ADD,
  entryKind,
  entrySummary,
  newEntryDraft,
  withImageSource,
  withVariableType,
  type ContentEntry,
} from '../../src/features/node-editor/logic/entries';

const context = {
  supportedLanguages: [{ id: 2, code: 'en' }],
  defaultLanguageCode: 'en',
  templateNames: [],
  providers: [],
  pushMessageTypes: [],
};

describe('Add Element drafts (spec 2 §2, §9)', () => {
  it('starts each kind blank, so its Add button is disabled until filled', () => {
    for (const kind of ['text', 'image', 'video', 'carousel', 'variable'] as const) {
      const draft = newEntryDraft(kind, 'en');
      expect(entryKind(draft)).toBe(kind);
      expect(validateEntry(draft, context).length).toBeGreaterThan(0);
    }
  });

  it('offers a delay of 1 second in the form, 0.5 after an add', () => {
    expect(newEntryDraft('delay', 'en')).toEqual({ type: 'delay', seconds: 1 });
    expect(newEntryDraft('delay', 'en', DELAY_AFTER_ADD)).toEqual({ type: 'delay', seconds: 0.5 });
  });

  it('switching the image source switches the type between image and image-link and clears the image', () => {
    const uploaded = {
      ...(newEntryDraft('image', 'en') as ContentEntry),
      reviewable: true,
    } as ContentEntry;
    uploaded.content = { ...uploaded.content, title: 'Logo', content: { en: '/uploads/content/a.png' } };
    const linked = withImageSource(uploaded, 'image-from-url');
    expect(linked.content).toEqual({ type: 'image-link', title: 'Logo', content: {} });
    expect(linked).toMatchObject({ selectedImageOption: 'image-from-url', reviewable: undefined });
    expect(withImageSource(linked, 'image-from-device').content.type).toBe('image');
  });
});

describe('variable entries (spec 2 §4)', () => {
  const named = (fields: Partial<VariableEntry>): VariableEntry => ({
    ...newVariableEntry('answer'),
    ...fields,
  });

  it('type password masks the value; type variable never waits', () => {
    expect(withVariableType(named({ showPassword: true }), 'password').showPassword).toBe(false);
    expect(withVariableType(named({ wait: true }), 'variable').wait).toBe(false);
  });

  it('leaving type file forgets the uploaded file; bool keeps only True or False', () => {
    const file = named({ variableType: 'file', file: { name: 'a.pdf', id: 'f1' }, variable_id: 'f1' });
    expect(withVariableType(file, 'text')).toMatchObject({ file: null, variable_id: null });
    expect(withVariableType(named({ default: 'yes' }), 'bool').default).toBe('');
    expect(withVariableType(named({ default: 'True' }), 'bool').default).toBe('True');
  });

  it('the node lists its json and file variables as the entries declare them', () => {
    const entries: Entry[] = [
      named({ name: 'cart', variableType: 'json', default: '[]' }),
      named({ name: 'photo', variableType: 'file', file: { name: 'me.png', id: 'v1' } }),
      named({ name: '', variableType: 'json' }),
      { type: 'delay', seconds: 1 },
    ];
    expect(declaredVariables(entries)).toEqual({
      json_variables: [{ name: 'cart' }],
      file_variables: [{ name: 'photo', file_name: 'me.png' }],
    });
  });

  it('names each entry in the list', () => {
    expect(entrySummary(named({ name: 'city' }))).toBe('${{city}}');
    expect(entrySummary({ type: 'delay', seconds: 2.5 })).toBe('2.5 s');
    expect(entrySummary(newEntryDraft('text', 'en'))).toBe('(no title)');
  });
});
