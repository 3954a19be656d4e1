import { describe, expect, it } from 'vitest';
import {
  newNode,
  type ApiNode,
  type ChoiceNode,
  type FlowNode,
  type Slot,
  type WizardNode,
} from '../../src/core/flow';
import { validateNode, type ValidationContext } from '../../src/core/validation';

const context: ValidationContext = {
  supportedLanguages: [
    { id: 2, code: 'en' },
    { id: 3, code: 'fr' },
  ],
  defaultLanguageCode: 'en',
  templateNames: [],
  providers: [],
  pushMessageTypes: ['WEATHER'],
};

const problemsOf = (node: FlowNode) => validateNode(node, context).map((p) => `${p.field}: ${p.message}`);

describe('choice node', () => {
  const option = (id: number, en: string, alt: string[] = [], fr?: string): Slot => ({
    id,
    node: null,
    option: { en: { name: en, alt }, ...(fr === undefined ? {} : { fr: { name: fr, alt: [] } }) },
  });
  const choice = (message: string, ...options: Slot[]): ChoiceNode => {
    const node = newNode('choice', 'c1', 0, 0, 'Menu');
    return { ...node, message: { en: message }, next: [...options, ...node.next] };
  };

  it('passes with a message and distinct, named choices with distinct keywords', () => {
    const node = choice(
      '<p>Pick one</p>',
      option(2, 'Yes', ['y', 'yep'], 'Oui'),
      option(3, 'No', ['n'], 'Non'),
    );
    expect(problemsOf(node)).toEqual([]);
  });

  it('needs the options message, even when the rich-text editor left empty markup', () => {
    expect(problemsOf(choice(''))).toEqual(['message.en: Options message is required']);
    expect(problemsOf(choice('<p><br></p>'))).toEqual(['message.en: Options message is required']);
    expect(problemsOf(choice('<p>&nbsp;</p>'))).toEqual(['message.en: Options message is required']);
  });

  it('needs each choice named in the default language', () => {
    expect(problemsOf(choice('Pick', option(2, ' ')))).toEqual([
      'next.0.option.en.name: Choice name is required',
    ]);
  });

  it('accepts a name saved as label', () => {
    const node = choice('Pick', { id: 2, node: null, option: { en: { label: 'Yes', alt: [] } } });
    expect(problemsOf(node)).toEqual([]);
  });

  it('refuses the same name twice in one language, ignoring case', () => {
    expect(problemsOf(choice('Pick', option(2, 'Yes'), option(3, ' yes ')))).toEqual([
      'next.1.option.en.name: Choice "yes" already exists',
    ]);
    expect(problemsOf(choice('Pick', option(2, 'Yes', [], 'Oui'), option(3, 'No', [], 'OUI')))).toEqual([
      'next.1.option.fr.name: Choice "OUI" already exists',
    ]);
  });

  it('allows the same name in two different languages', () => {
    expect(problemsOf(choice('Pick', option(2, 'Ok', [], 'Ok')))).toEqual([]);
  });

  it('refuses repeated and empty keywords within one choice, not across choices', () => {
    expect(problemsOf(choice('Pick', option(2, 'Yes', ['y', 'Y'])))).toEqual([
      'next.0.option.en.alt.1: Keyword "Y" is repeated',
    ]);
    expect(problemsOf(choice('Pick', option(2, 'Yes', ['y', ''])))).toEqual([
      'next.0.option.en.alt.1: Keyword cannot be empty',
    ]);
    expect(problemsOf(choice('Pick', option(2, 'Yes', ['ok']), option(3, 'No', ['ok'])))).toEqual([]);
  });

  it('never checks the trailing no-match slot as a choice, nor any conditions', () => {
    const node = choice('Pick');
    node.next = [{ ...node.next[0], condition: { en: 'a ==' } }];
    expect(problemsOf(node)).toEqual([]);
  });
});

describe('wizard node', () => {
  type Field = WizardNode['wizard']['fields'][number];
  const textField = (fields: Partial<Field> = {}): Field => ({
    id: 1,
    type: 'text',
    attr: 'name',
    feedback: { en: 'What is your name?' },
    ...fields,
  });
  const wizard = (...fields: Field[]): WizardNode => {
    const node = newNode('wizard', 'w1', 0, 0, 'Signup');
    return { ...node, wizard: { ...node.wizard, fields } };
  };

  it('passes with the defaults and one complete step', () => {
    expect(problemsOf(wizard(textField()))).toEqual([]);
  });

  it('needs a store name, iterations above 0, a numeric offsite and a step', () => {
    const node = wizard();
    node.store = { name: '' };
    node.wizard = { ...node.wizard, iterations: 0, offsite: NaN };
    expect(problemsOf(node)).toEqual([
      'store.name: Store name is required',
      'wizard.iterations: Iterations must be greater than 0',
      'wizard.offsite: Offsite must be a number',
      'wizard.fields: Add at least one step',
    ]);
  });

  it('accepts an offsite saved as numeric text and refuses other text', () => {
    const node = wizard(textField());
    expect(problemsOf({ ...node, wizard: { ...node.wizard, offsite: '2' as unknown as number } })).toEqual(
      [],
    );
    expect(problemsOf({ ...node, wizard: { ...node.wizard, offsite: 'x' as unknown as number } })).toEqual([
      'wizard.offsite: Offsite must be a number',
    ]);
  });

  it('needs each step question in the default language and a known type', () => {
    expect(problemsOf(wizard(textField({ feedback: { en: '', fr: 'Nom ?' } })))).toEqual([
      'wizard.fields.0.feedback.en: Question is required',
    ]);
    expect(problemsOf(wizard(textField({ type: 'colour' as Field['type'] })))).toEqual([
      'wizard.fields.0.type: Choose a field type',
    ]);
  });

  it('needs options with labels and values for an options step', () => {
    const good = textField({ type: 'options', options: [{ id: 1, label: { en: 'Red' }, value: 'red' }] });
    expect(problemsOf(wizard(good))).toEqual([]);
    expect(problemsOf(wizard(textField({ type: 'options', options: [] })))).toEqual([
      'wizard.fields.0.options: Add at least one option',
    ]);
    const partial = textField({ type: 'options', options: [{ id: 1, label: { en: '' }, value: ' ' }] });
    expect(problemsOf(wizard(partial))).toEqual([
      'wizard.fields.0.options.0.label.en: Option label is required',
      'wizard.fields.0.options.0.value: Option value is required',
    ]);
  });

  it('needs both labels for a yes/no step', () => {
    const good = textField({ type: 'bool', booleans: { onTrue: { en: 'Yes' }, onFalse: { en: 'No' } } });
    expect(problemsOf(wizard(good))).toEqual([]);
    const missing = textField({ type: 'bool', booleans: { onTrue: { en: 'Yes' }, onFalse: { en: '' } } });
    expect(problemsOf(wizard(missing))).toEqual([
      'wizard.fields.0.booleans.onFalse.en: False label is required',
    ]);
    expect(problemsOf(wizard(textField({ type: 'bool' })))).toHaveLength(2);
  });
});

describe('api node', () => {
  const api = (fields: Partial<ApiNode> = {}, request: Partial<ApiNode['api']> = {}): ApiNode => {
    const node = newNode('api', 'a1', 0, 0, 'Weather');
    return {
      ...node,
      showResult: true,
      ...fields,
      api: { ...node.api, url: 'https://api.example.com/v1', ...request },
    };
  };

  it('passes with a method, a valid endpoint and the result shown', () => {
    expect(problemsOf(api())).toEqual([]);
    expect(problemsOf(api({}, { url: '${{base_url}}/users?id=${{user.id}}' }))).toEqual([]);
  });

  it('needs a known method and a valid endpoint', () => {
    expect(problemsOf(api({}, { method: 'patch' as ApiNode['api']['method'] }))).toEqual([
      'api.method: Choose a method',
    ]);
    expect(problemsOf(api({}, { url: '' }))).toEqual(['api.url: Endpoint is required']);
    expect(problemsOf(api({}, { url: 'not a url' }))).toEqual(['api.url: Enter a valid URL']);
    expect(problemsOf(api({}, { url: 'https://${{host' }))).toEqual(['api.url: Enter a valid URL']);
  });

  it('needs header and param rows filled on both sides or neither', () => {
    const rows = [
      { name: '', value: '' },
      { name: 'Accept', value: 'application/json' },
    ];
    expect(problemsOf(api({ headers: rows, params: rows }))).toEqual([]);
    expect(
      problemsOf(api({ headers: [{ name: 'Accept', value: '' }], params: [{ name: ' ', value: 'x' }] })),
    ).toEqual(['headers.0.value: Header value is required', 'params.0.name: Parameter name is required']);
  });

  it('checks form-data rows when a form is sent', () => {
    const data = [
      { name: 'file', value: '${{upload}}', type: 'file' as const },
      { name: 'note', value: '', type: 'text' as const },
      { name: 'x', value: 'y', type: 'blob' as 'text' },
    ];
    expect(problemsOf(api({}, { method: 'post', bodyType: 'form-data', data }))).toEqual([
      'api.data.1.value: Form field value is required',
      'api.data.2.type: Choose text or file',
    ]);
  });

  it('ignores form-data rows that are hidden (GET, or a JSON body)', () => {
    const data = [{ name: 'note', value: '', type: 'text' as const }];
    expect(problemsOf(api({}, { method: 'get', bodyType: 'form-data', data }))).toEqual([]);
    expect(problemsOf(api({}, { method: 'post', bodyType: 'json', data }))).toEqual([]);
  });

  it('needs either the result shown or a store name', () => {
    const node = api({ showResult: false });
    expect(problemsOf(node)).toEqual(['store.name: Store name is required when the result is not shown']);
    expect(problemsOf({ ...node, store: { ...node.store, name: 'weather' } })).toEqual([]);
  });
});
