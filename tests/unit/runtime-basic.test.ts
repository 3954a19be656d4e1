import { describe, expect, it } from 'vitest';
import type { Entry } from '../../src/core/flow/index.js';
import { INPUT_MESSAGES } from '../../server/runtime/nodes/variable-input.js';
import { newSession } from '../../server/runtime/session.js';
import { contents, conversation, fakePorts, flowOf, link, node, text } from './runtime-support.js';

function basicFlow(entries: Entry[], after?: Entry[]) {
  const first = node('basic', 'first', { entries });
  if (!after) return flowOf([first]);
  return flowOf([link(first, 'after'), node('basic', 'after', { entries: after })]);
}

const variable = (name: string, variableType: string, extra: Record<string, unknown> = {}): Entry =>
  ({ type: 'variable', name, default: '', variableType, wait: false, ...extra }) as Entry;

const content = (type: string, value: unknown, title = 'Title'): Entry =>
  ({ type: 'content', content: { type, title, content: { en: value } } }) as Entry;

describe('basic node: content', () => {
  it('fills ${{name}} placeholders and keeps [[written:spoken]] for the voice', async () => {
    const session = newSession('main', 'en');
    session.variables.name = 'Ada';
    const flow = basicFlow([text('Hi ${{name}}, see [[Dr.:Doctor]] Who at ${{missing}}!')]);
    const replies = await conversation(flow, fakePorts(), session).send('x');
    expect(replies).toMatchObject([{ type: 'text', content: 'Hi Ada, see [[Dr.:Doctor]] Who at !' }]);
  });

  it("speaks the session's language, falls back to English, and keeps every translation", async () => {
    const flow = basicFlow([text({ en: 'Hello', fr: 'Bonjour' }), text({ en: 'Only English' })]);
    const replies = await conversation(flow, fakePorts(), newSession('main', 'fr')).send('x');
    expect(contents(replies)).toEqual(['Bonjour', 'Only English']);
    expect(replies[0].translations).toEqual({ en: 'Hello', fr: 'Bonjour' });
    expect(replies[1].translations).toBeUndefined();
    expect(replies[0].languageCode).toBe('fr');
  });

  it('shows images, image links and videos with their privacy-enhanced player', async () => {
    const flow = basicFlow([
      content('image', '/uploads/content/a.png'),
      content('image-link', 'https://cdn.example.com/b.png'),
      content('video-link', 'https://youtu.be/dQw4w9WgXcQ', 'Clip'),
      content('video-link', 'https://vimeo.com/1'),
    ]);
    const replies = await conversation(flow, fakePorts()).send('x');
    expect(replies[0]).toMatchObject({ type: 'image', content: '/uploads/content/a.png', title: 'Title' });
    expect(replies[1]).toMatchObject({ type: 'image-link', content: 'https://cdn.example.com/b.png' });
    expect(replies[2]).toMatchObject({
      type: 'video-link',
      title: 'Clip',
      embedUrl: expect.stringContaining('youtube-nocookie.com/embed/dQw4w9WgXcQ'),
    });
    expect(replies[3]).toMatchObject({ embedUrl: null });
  });

  it('builds carousels from URLs, files, a JSON list variable and a file variable', async () => {
    const session = newSession('main', 'en');
    session.variables.shop = {
      data: { items: [{ img: 'https://x.test/1.png' }, { img: 'https://x.test/2.png' }, {}] },
    };
    session.variables.photo = { name: 'p.png', url: 'https://x.test/p.png', type: 'image/png', size: 3 };
    const items = [
      { id: 1, type: 'url', url: 'https://x.test/${{kind}}.png' },
      { id: 2, type: 'file', url: '/uploads/content/c.png' },
      { id: 3, type: 'list', name: 'shop', targetListPath: 'data.items', targetListProperty: 'img' },
      { id: 4, type: 'file-variable', variable_name: 'photo' },
    ];
    session.variables.kind = 'cat';
    const replies = await conversation(
      basicFlow([content('image-carousel', items, 'Gallery')]),
      fakePorts(),
      session,
    ).send('x');
    expect(replies).toEqual([
      expect.objectContaining({
        type: 'image-carousel',
        title: 'Gallery',
        content: [
          { url: 'https://x.test/cat.png' },
          { url: '/uploads/content/c.png' },
          { url: 'https://x.test/1.png' },
          { url: 'https://x.test/2.png' },
          { url: 'https://x.test/p.png' },
        ],
      }),
    ]);
  });

  it('says a delay in seconds and skips empty texts', async () => {
    const flow = basicFlow([{ type: 'delay', seconds: 1.5 }, text('  '), text('after')]);
    const replies = await conversation(flow, fakePorts()).send('x');
    expect(replies).toMatchObject([
      { type: 'delay', seconds: 1.5 },
      { type: 'text', content: 'after' },
    ]);
  });
});

describe('basic node: variables', () => {
  it('sets defaults by type and copies another variable by its path', async () => {
    const flow = basicFlow([
      variable('count', 'number', { default: '42' }),
      variable('data', 'json', { default: '{"user":{"name":"Ada"}}' }),
      variable('ok', 'bool', { default: 'True' }),
      variable('who', 'variable', { default: 'data.user.name' }),
      variable('greeting', 'text', { default: 'Hi ${{who}}' }),
      variable('doc', 'file', { file: { name: 'a.pdf', id: 9 } }),
      text('${{count}} ${{ok}} ${{greeting}}'),
    ]);
    const chat = conversation(flow, fakePorts());
    expect(contents(await chat.send('x'))).toEqual(['42 true Hi Ada']);
    expect(chat.session.variables).toMatchObject({
      count: 42,
      data: { user: { name: 'Ada' } },
      ok: true,
      who: 'Ada',
      doc: { name: 'a.pdf', id: 9 },
    });
  });

  it('waits for a number, asks again when the input is not one, then goes on', async () => {
    const flow = basicFlow([
      text('How old?'),
      variable('age', 'number', { wait: true }),
      text('You are ${{age}}'),
    ]);
    const chat = conversation(flow, fakePorts());
    expect(contents(await chat.send('hi'))).toEqual(['How old?']);
    expect(chat.session.at?.wait).toEqual({ kind: 'variable', entry: 1 });
    expect(contents(await chat.send('forty'))).toEqual([INPUT_MESSAGES.number]);
    expect(contents(await chat.send(' 41 '))).toEqual(['You are 41']);
    expect(chat.session.variables.age).toBe(41);
  });

  it('checks json and bool input', async () => {
    const flow = basicFlow([
      variable('cfg', 'json', { wait: true }),
      variable('yes', 'bool', { wait: true }),
    ]);
    const chat = conversation(flow, fakePorts());
    await chat.send('start');
    expect(contents(await chat.send('{bad'))).toEqual([INPUT_MESSAGES.json]);
    expect(await chat.send('[1,2]')).toEqual([]);
    expect(contents(await chat.send('maybe'))).toEqual([INPUT_MESSAGES.bool]);
    await chat.send('false');
    expect(chat.session.variables).toMatchObject({ cfg: [1, 2], yes: false });
    expect(chat.session.at).toBeNull();
  });

  it('switches the input to password, and marks the answer secret', async () => {
    const flow = basicFlow([variable('pin', 'password', { wait: true })], [text('Saved')]);
    const chat = conversation(flow, fakePorts());
    expect(await chat.send('hi')).toMatchObject([{ type: 'input', input: 'password' }]);
    expect(chat.last?.secretInput).toBe(false);
    expect(contents(await chat.send('s3cret'))).toEqual(['Saved']);
    expect(chat.last?.secretInput).toBe(true);
    expect(chat.session.variables.pin).toBe('s3cret');
  });

  it('waits for a file upload and refuses plain text', async () => {
    const flow = basicFlow([variable('doc', 'file', { wait: true })], [text('Got ${{doc.name}}')]);
    const chat = conversation(flow, fakePorts());
    expect(await chat.send('hi')).toMatchObject([{ type: 'input', input: 'file' }]);
    expect(await chat.send('here it is')).toMatchObject([
      { type: 'text', content: INPUT_MESSAGES.file },
      { type: 'input', input: 'file' },
    ]);
    const file = { name: 'cv.pdf', url: 'http://x/uploads/chat/a.pdf', type: 'application/pdf', size: 10 };
    expect(contents(await chat.send({ text: '', file }))).toEqual(['Got cv.pdf']);
    expect(chat.session.variables.doc).toEqual(file);
  });
});
