import { describe, expect, it } from 'vitest';
import { newNode, type BasicNode, type Entry } from '../../src/core/flow';
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

function basic(...entries: Entry[]): BasicNode {
  return { ...newNode('basic', 'b1', 0, 0, 'Welcome'), entries };
}

/** The problems of a basic node holding these entries, as `field: message` lines. */
const problemsOf = (...entries: Entry[]) =>
  validateNode(basic(...entries), context).map((p) => `${p.field}: ${p.message}`);

const content = (type: string, title: string, text: Record<string, unknown>, extra = {}): Entry =>
  ({ type: 'content', content: { type, title, content: text }, ...extra }) as Entry;

const variable = (fields: Partial<Extract<Entry, { type: 'variable' }>>): Entry => ({
  type: 'variable',
  name: 'city',
  default: '',
  variableType: 'text',
  wait: false,
  ...fields,
});

describe('every node: name', () => {
  it('needs a non-empty name', () => {
    expect(problemsOf()).toEqual([]);
    const unnamed = { ...basic(), name: '  ' };
    expect(validateNode(unnamed, context)).toEqual([{ field: 'name', message: 'Name is required' }]);
  });
});

describe('text entry', () => {
  it('passes with a title and default-language text', () => {
    expect(problemsOf(content('text', 'Hi', { en: 'Hello there', fr: '' }))).toEqual([]);
  });

  it('needs the title and the default-language text', () => {
    expect(problemsOf(content('text', '', { en: 'Hello' }))).toEqual([
      'entries.0.content.title: Title is required',
    ]);
    expect(problemsOf(content('text', 'Hi', { en: ' ', fr: 'Bonjour' }))).toEqual([
      'entries.0.content.content.en: Text is required',
    ]);
  });

  it('reads the bot default language, not always en', () => {
    const fr = { ...context, defaultLanguageCode: 'fr' };
    const node = basic(content('text', 'Hi', { en: 'Hello' }));
    expect(validateNode(node, fr)).toEqual([
      { field: 'entries.0.content.content.fr', message: 'Text is required' },
    ]);
  });
});

describe('image entry', () => {
  it('passes with a title and an uploaded image', () => {
    expect(problemsOf(content('image', 'Logo', { en: '/uploads/logo.png' }))).toEqual([]);
  });

  it('needs the uploaded image', () => {
    expect(problemsOf(content('image', 'Logo', { en: '' }))).toEqual([
      'entries.0.content.content.en: Upload an image',
    ]);
  });

  it('passes with a title and a reviewable image URL', () => {
    const entry = content('image-link', 'Logo', { en: 'https://example.com/a.png' }, { reviewable: true });
    expect(problemsOf(entry)).toEqual([]);
  });

  it('needs a title and a URL that is a URL', () => {
    expect(problemsOf(content('image-link', '', { en: 'https://example.com/a.png' }))).toEqual([
      'entries.0.content.title: Title is required',
    ]);
    expect(problemsOf(content('image-link', 'Logo', { en: '' }))).toEqual([
      'entries.0.content.content.en: Image URL is required',
    ]);
    expect(problemsOf(content('image-link', 'Logo', { en: 'example com/a.png' }))).toEqual([
      'entries.0.content.content.en: Enter a valid image URL',
    ]);
    expect(problemsOf(content('image-link', 'Logo', { en: 'ftp://example.com/a.png' }))).toEqual([
      'entries.0.content.content.en: Enter a valid image URL',
    ]);
  });

  it('says an image that failed to load is not reviewable', () => {
    const entry = content('image-link', 'Logo', { en: 'https://example.com/404.png' }, { reviewable: false });
    expect(problemsOf(entry)).toEqual(['entries.0.content.content.en: Image is not reviewable']);
  });
});

describe('carousel entry', () => {
  const item = (fields: Record<string, unknown>) => ({ id: 1, ...fields });

  it('passes with a title and complete items of every source', () => {
    const items = [
      item({ type: 'url', url: 'https://example.com/a.png' }),
      item({ type: 'file', url: '/uploads/b.png' }),
      item({ type: 'list', name: 'products', targetListPath: 'products', targetListProperty: 'image' }),
      item({ type: 'file-variable', variable_name: 'photo' }),
    ];
    expect(problemsOf(content('image-carousel', 'Gallery', { en: items }))).toEqual([]);
  });

  it('needs a title and at least one item', () => {
    expect(
      problemsOf(content('image-carousel', '', { en: [item({ type: 'url', url: 'https://x.io/a.png' })] })),
    ).toEqual(['entries.0.content.title: Title is required']);
    expect(problemsOf(content('image-carousel', 'Gallery', { en: [] }))).toEqual([
      'entries.0.content.content.en: Add at least one image',
    ]);
  });

  it('needs what each item source needs', () => {
    const items = [
      item({ type: 'url', url: ' ' }),
      item({ type: 'list', targetListPath: '' }),
      item({ type: 'file-variable', variable_name: '' }),
      item({ type: 'file' }),
    ];
    expect(problemsOf(content('image-carousel', 'Gallery', { en: items }))).toEqual([
      'entries.0.content.content.en.0.url: Image URL is required',
      'entries.0.content.content.en.1.targetListPath: Choose a list variable',
      'entries.0.content.content.en.2.variable_name: Choose a file variable',
      'entries.0.content.content.en.3.url: Upload an image',
    ]);
  });
});

describe('video entry', () => {
  it('passes with a title and a YouTube watch, short or embed link', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(problemsOf(content('video-link', 'Intro', { en: link }))).toEqual([]);
    }
  });

  it('needs a title and a YouTube link with an 11-character id', () => {
    expect(problemsOf(content('video-link', '', { en: 'https://youtu.be/dQw4w9WgXcQ' }))).toEqual([
      'entries.0.content.title: Title is required',
    ]);
    expect(problemsOf(content('video-link', 'Intro', { en: '' }))).toEqual([
      'entries.0.content.content.en: Video link is required',
    ]);
    expect(problemsOf(content('video-link', 'Intro', { en: 'https://vimeo.com/123' }))).toEqual([
      'entries.0.content.content.en: Enter a YouTube watch, short or embed link',
    ]);
    expect(problemsOf(content('video-link', 'Intro', { en: 'https://youtu.be/dQw4w9WgXc' }))).toHaveLength(1);
  });
});

describe('delay entry', () => {
  it('passes above 0 seconds', () => {
    expect(problemsOf({ type: 'delay', seconds: 0.5 }, { type: 'delay', seconds: 3 })).toEqual([]);
  });

  it('refuses 0, negative and non-numbers', () => {
    for (const seconds of [0, -1, NaN]) {
      expect(problemsOf({ type: 'delay', seconds })).toEqual([
        'entries.0.seconds: Delay must be greater than 0 seconds',
      ]);
    }
  });
});

describe('variable entry', () => {
  it('needs a name, written as the normaliser writes it', () => {
    expect(problemsOf(variable({ name: '', wait: true }))).toEqual([
      'entries.0.name: Variable name is required',
    ]);
    expect(problemsOf(variable({ name: 'my city', wait: true }))).toEqual([
      'entries.0.name: Use only letters, digits and underscores, not starting with a digit',
    ]);
    expect(problemsOf(variable({ name: '1st', wait: true }))).toHaveLength(1);
    expect(problemsOf(variable({ name: '_1st', wait: true }))).toEqual([]);
  });

  it('passes type variable with a valid object path, bare or as a placeholder', () => {
    expect(problemsOf(variable({ variableType: 'variable', default: 'user.address.city' }))).toEqual([]);
    expect(problemsOf(variable({ variableType: 'variable', default: '${{items[0].name}}' }))).toEqual([]);
  });

  it('refuses type variable without a valid path, even when waiting', () => {
    for (const path of ['', 'user..city', 'user city']) {
      expect(problemsOf(variable({ variableType: 'variable', default: path, wait: true }))).toEqual([
        'entries.0.default: Enter a valid variable path such as user.address.city',
      ]);
    }
  });

  it('passes wait for input with any other type and no default', () => {
    for (const variableType of ['text', 'number', 'password', 'json', 'bool', 'file'] as const) {
      expect(problemsOf(variable({ variableType, wait: true }))).toEqual([]);
    }
  });

  it('passes type file with a file chosen, and refuses it without one', () => {
    expect(problemsOf(variable({ variableType: 'file', file: { name: 'menu.pdf', id: 4 } }))).toEqual([]);
    expect(problemsOf(variable({ variableType: 'file', file: null }))).toEqual([
      'entries.0.file: Choose a file',
    ]);
  });

  it('needs a default when not waiting', () => {
    expect(problemsOf(variable({ default: '' }))).toEqual([
      'entries.0.default: Enter a default value or turn on Wait for input',
    ]);
  });

  it('needs the default to fit the type', () => {
    const cases: [Parameters<typeof variable>[0], string | null][] = [
      [{ variableType: 'text', default: 'Paris' }, null],
      [{ variableType: 'password', default: 's3cret' }, null],
      [{ variableType: 'number', default: '-2.5' }, null],
      [{ variableType: 'number', default: '12abc' }, 'Default must be a number'],
      [{ variableType: 'json', default: '{"a": [1, 2]}' }, null],
      [{ variableType: 'json', default: '{a: 1}' }, 'Default must be valid JSON'],
      [{ variableType: 'bool', default: 'True' }, null],
      [{ variableType: 'bool', default: 'False' }, null],
      [{ variableType: 'bool', default: 'yes' }, 'Default must be True or False'],
    ];
    for (const [fields, message] of cases) {
      expect(problemsOf(variable(fields))).toEqual(message ? [`entries.0.default: ${message}`] : []);
    }
  });
});

describe('entries together', () => {
  it('reports each entry under its own index', () => {
    const result = problemsOf(
      content('text', 'Hi', { en: 'Hello' }),
      { type: 'delay', seconds: 0 },
      content('text', '', { en: '' }),
    );
    expect(result).toEqual([
      'entries.1.seconds: Delay must be greater than 0 seconds',
      'entries.2.content.title: Title is required',
      'entries.2.content.content.en: Text is required',
    ]);
  });
});
