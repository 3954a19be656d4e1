// Machine translation of flow texts (issue 13 §13): which texts a language lacks, filling them
// with marks, never over an author's text, and the editor clearing a mark when the text is edited.
import { describe, expect, it } from 'vitest';
import {
  applyTranslations,
  clearEditedMarks,
  dropStaleTranslations,
  machineTranslatedOf,
  missingTexts,
  newNode,
  translationAnswer,
  translationRequest,
  type FlowNode,
} from '../../src/core/flow';

function flow(): FlowNode[] {
  const hello = newNode('basic', 'hello', 0, 0, 'Hello');
  hello.entries = [
    { type: 'content', content: { type: 'text', title: '', content: { en: 'Hi there', fr: 'Salut' } } },
    { type: 'content', content: { type: 'text', title: '', content: { en: 'How are you?' } } },
    {
      type: 'content',
      content: { type: 'image-link', title: '', content: { en: 'https://example.com/a.png' } },
    },
  ];
  const ask = newNode('choice', 'ask', 0, 0, 'Ask');
  ask.message = { en: 'Pick one' };
  ask.next = [
    { id: 0, node: null, option: { en: { name: 'Yes', alt: ['yeah', 'sure'] } } },
    { id: 2, node: null, option: { en: { name: 'No' }, fr: { name: 'Non' } } },
  ];
  const form = newNode('wizard', 'form', 0, 0, 'Form');
  form.wizard.fields = [
    {
      id: 7,
      type: 'bool',
      attr: 'ok',
      feedback: { en: 'Agree?' },
      booleans: { onTrue: { en: 'Agreed' }, onFalse: { en: '' } },
    },
  ];
  const api = newNode('api', 'api', 0, 0, 'Api');
  return [hello, ask, form, api];
}

describe('missing texts', () => {
  it('lists every text the default language has and the target lacks, by node and field', () => {
    const missing = missingTexts(flow(), 'en', 'fr');
    expect(missing.map((m) => `${m.nodeId} ${m.field} ${m.source}`)).toEqual([
      'hello entries.1.content How are you?',
      'ask message Pick one',
      'ask next.0.option.name Yes',
      'ask next.0.option.alt yeah, sure',
      'form wizard.fields.7.feedback Agree?',
      'form wizard.fields.7.booleans.onTrue Agreed',
    ]);
  });

  it('is empty for the default language itself', () => {
    expect(missingTexts(flow(), 'en', 'en')).toEqual([]);
  });
});

describe('applying translations', () => {
  it('fills the texts, marks them per language, and leaves author text and the input alone', () => {
    const nodes = flow();
    const before = JSON.stringify(nodes);
    const missing = missingTexts(nodes, 'en', 'fr');
    const done = applyTranslations(
      nodes,
      'fr',
      missing,
      missing.map((m) => `[fr] ${m.source}`),
    );
    expect(JSON.stringify(nodes)).toBe(before);
    const [hello, ask, form, api] = done as [FlowNode, FlowNode, FlowNode, FlowNode];
    expect(
      hello.type === 'basic' && hello.entries[0].type === 'content' && hello.entries[0].content.content.fr,
    ).toBe('Salut');
    expect(
      hello.type === 'basic' && hello.entries[1].type === 'content' && hello.entries[1].content.content.fr,
    ).toBe('[fr] How are you?');
    expect(ask.type === 'choice' && ask.message.fr).toBe('[fr] Pick one');
    expect(ask.next[0].option?.fr).toEqual({ name: '[fr] Yes', alt: ['[fr] yeah', 'sure'] });
    expect(ask.next[1].option?.fr).toEqual({ name: 'Non' });
    expect(form.type === 'wizard' && form.wizard.fields[0].booleans?.onTrue.fr).toBe('[fr] Agreed');
    expect(machineTranslatedOf(hello)).toEqual({ fr: ['entries.1.content'] });
    expect(machineTranslatedOf(ask)).toEqual({ fr: ['message', 'next.0.option.name', 'next.0.option.alt'] });
    expect(api).toBe(nodes[3]);
    // Once filled, nothing is missing any more.
    expect(missingTexts(done, 'en', 'fr')).toEqual([]);
  });

  it('skips blank answers, keeping the text missing and unmarked', () => {
    const nodes = flow();
    const missing = missingTexts(nodes, 'en', 'fr').slice(0, 2);
    const done = applyTranslations(nodes, 'fr', missing, ['  ', '[fr] Pick one']);
    expect(machineTranslatedOf(done[0]!)).toEqual({});
    expect(machineTranslatedOf(done[1]!)).toEqual({ fr: ['message'] });
  });
});

describe('the editor clearing marks', () => {
  it('drops the mark of an edited text and keeps the others', () => {
    const nodes = flow();
    const missing = missingTexts(nodes, 'en', 'fr');
    const ask = applyTranslations(
      nodes,
      'fr',
      missing,
      missing.map((m) => `[fr] ${m.source}`),
    )[1]!;
    const edited = structuredClone(ask);
    if (edited.type === 'choice') edited.message.fr = 'Choisissez';
    expect(machineTranslatedOf(clearEditedMarks(ask, edited))).toEqual({
      fr: ['next.0.option.name', 'next.0.option.alt'],
    });
    expect(clearEditedMarks(ask, structuredClone(ask))).toEqual(ask);
  });

  it('removes the map once no mark is left', () => {
    const nodes = flow();
    const missing = missingTexts(nodes, 'en', 'fr');
    const hello = applyTranslations(
      nodes,
      'fr',
      missing,
      missing.map((m) => `[fr] ${m.source}`),
    )[0]!;
    const edited = structuredClone(hello);
    if (edited.type === 'basic' && edited.entries[1].type === 'content')
      edited.entries[1].content.content.fr = 'Ça va ?';
    expect('machine_translated' in clearEditedMarks(hello, edited)).toBe(false);
  });
});

describe('stale machine translations', () => {
  it('blanks and unmarks a machine translation whose source text changed, and nothing else', () => {
    const nodes = flow();
    const missing = missingTexts(nodes, 'en', 'fr');
    const published = applyTranslations(
      nodes,
      'fr',
      missing,
      missing.map((m) => `[fr] ${m.source}`),
    );
    const edited = structuredClone(published);
    const [hello, ask] = edited as [FlowNode, FlowNode];
    if (hello.type === 'basic' && hello.entries[0].type === 'content')
      hello.entries[0].content.content.en = 'Hello';
    if (hello.type === 'basic' && hello.entries[1].type === 'content')
      hello.entries[1].content.content.en = 'All good?';
    if (ask.type === 'choice') ask.message.en = 'Choose';

    const fresh = dropStaleTranslations(published, edited, 'en');
    const [freshHello, freshAsk] = fresh as [FlowNode, FlowNode];
    // The author's "Salut" stays although its English changed; the machine's "[fr] How are you?" goes.
    expect(
      freshHello.type === 'basic' &&
        freshHello.entries[0].type === 'content' &&
        freshHello.entries[0].content.content.fr,
    ).toBe('Salut');
    expect(
      freshHello.type === 'basic' &&
        freshHello.entries[1].type === 'content' &&
        freshHello.entries[1].content.content.fr,
    ).toBe('');
    expect(machineTranslatedOf(freshHello)).toEqual({});
    expect(freshAsk.type === 'choice' && freshAsk.message.fr).toBe('');
    expect(machineTranslatedOf(freshAsk)).toEqual({ fr: ['next.0.option.name', 'next.0.option.alt'] });
    expect(fresh[2]).toBe(edited[2]);
    expect(missingTexts(fresh, 'en', 'fr').map((m) => m.source)).toEqual(['All good?', 'Choose']);
  });

  it('keeps the marks of a node the last publish did not have', () => {
    const nodes = flow();
    const missing = missingTexts(nodes, 'en', 'fr');
    const published = applyTranslations(
      nodes,
      'fr',
      missing,
      missing.map((m) => `[fr] ${m.source}`),
    );
    expect(dropStaleTranslations([], published, 'en')).toEqual(published);
  });
});

describe('the translator answer', () => {
  const missing = missingTexts(flow(), 'en', 'fr').slice(0, 2);

  it('asks with numbered keys and reads the answer back in order', () => {
    expect(translationRequest(missing)).toEqual({ 1: 'How are you?', 2: 'Pick one' });
    expect(translationAnswer(missing, '{"2":"Choisissez","1":"Ça va ?"}')).toEqual(['Ça va ?', 'Choisissez']);
  });

  it.each([
    ['not JSON', 'Sure! Here it is'],
    ['an array', '["a","b"]'],
    ['a key missing', '{"1":"a"}'],
    ['an extra key', '{"1":"a","2":"b","3":"c"}'],
    ['a non-string', '{"1":"a","2":2}'],
  ])('refuses %s', (_name, answer) => {
    expect(translationAnswer(missing, answer)).toBeNull();
  });
});
