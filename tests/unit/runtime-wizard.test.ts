import { describe, expect, it } from 'vitest';
import type { WizardNode } from '../../src/core/flow/index.js';
import { WIZARD_MESSAGES } from '../../server/runtime/nodes/wizard-fields.js';
import type { RenderedReply } from '../../server/runtime/replies.js';
import { contents, conversation, fakePorts, flowOf, link, node, text } from './runtime-support.js';

type Field = WizardNode['wizard']['fields'][number];
const field = (id: number, type: Field['type'], attr: string, extra: Partial<Field> = {}): Field => ({
  id,
  type,
  attr,
  feedback: { en: `Your ${attr}?`, fr: `Votre ${attr} ?` },
  ...extra,
});

function wizardFlow(fields: Field[], iterations = 1, offsite = 1) {
  const wizard = link(
    node('wizard', 'form', { wizard: { iterations, offsite, fields }, store: { name: 'people' } }),
    'done',
  );
  return flowOf([wizard, node('basic', 'done', { entries: [text('Thanks ${{name}}')] })]);
}

describe('wizard node', () => {
  it('asks each field with its sentence, repeats for the iterations and stores the list', async () => {
    const chat = conversation(
      wizardFlow([field(1, 'text', 'name'), field(2, 'number', 'age')], 2),
      fakePorts(),
    );
    expect(await chat.send('start')).toMatchObject([
      {
        type: 'wizard',
        content: 'Your name?',
        field: { type: 'text', attr: 'name' },
        translations: { fr: 'Votre name ?' },
      },
    ]);
    expect(contents(await chat.send('Ada'))).toEqual(['Your age?']);
    expect(contents(await chat.send('36'))).toEqual(['Your name?']);
    await chat.send('Alan');
    expect(contents(await chat.send('41'))).toEqual(['Thanks Alan']);
    expect(chat.session.variables.people).toEqual([
      { name: 'Ada', age: 36, index: 1 },
      { name: 'Alan', age: 41, index: 2 },
    ]);
  });

  it('refuses answers that do not fit the field type and asks again', async () => {
    const cases: [Field, string, string, unknown][] = [
      [field(1, 'number', 'n'), 'ten', '10.5', 10.5],
      [field(1, 'email', 'mail'), 'not-an-email', 'ada@example.com', 'ada@example.com'],
      [field(1, 'date', 'day'), '2024-02-30', '2024-02-29', '2024-02-29'],
      [field(1, 'datetime', 'at'), '2024-01-01 25:00', '2024-01-01 09:30', '2024-01-01T09:30'],
      [field(1, 'phone', 'tel'), '12ab', '+33 6 12 34 56 78', '+33 6 12 34 56 78'],
      [field(1, 'text', 'name'), '   ', 'Ada', 'Ada'],
      [field(1, 'time', 'at'), '25:00', '9:30', '09:30'],
      [field(1, 'url', 'site'), 'not a site', 'https://example.com/about', 'https://example.com/about'],
      [field(1, 'password', 'pin'), ' ', 's3cret', 's3cret'],
    ];
    for (const [f, bad, good, stored] of cases) {
      const chat = conversation(wizardFlow([f]), fakePorts());
      await chat.send('start');
      const refusal = await chat.send(bad);
      expect(refusal[0].content).toBe(WIZARD_MESSAGES[f.type as keyof typeof WIZARD_MESSAGES]);
      expect(refusal[1].type).toBe('wizard');
      await chat.send(good);
      expect(chat.session.variables.people).toEqual([{ [f.attr]: stored, index: 1 }]);
    }
  });

  it('offers options and booleans as buttons and stores their values', async () => {
    const options = field(1, 'options', 'size', {
      options: [
        { id: 'a', label: { en: 'Small', fr: 'Petit' }, value: 'S' },
        { id: 'b', label: { en: 'Large' }, value: 'L' },
      ],
    });
    const bool = field(2, 'bool', 'gift', {
      booleans: { onTrue: { en: 'Yes please' }, onFalse: { en: 'No thanks' } },
    });
    const chat = conversation(wizardFlow([options, bool]), fakePorts());
    const [ask] = await chat.send('start');
    expect(ask).toMatchObject({
      field: {
        options: [
          { id: 'a', label: 'Small' },
          { id: 'b', label: 'Large' },
        ],
      },
    });
    expect(contents(await chat.send('medium'))[0]).toBe(WIZARD_MESSAGES.options);
    const [askBool] = await chat.send('petit');
    expect(askBool).toMatchObject({ field: { options: [{ label: 'Yes please' }, { label: 'No thanks' }] } });
    expect(contents(await chat.send('maybe'))[0]).toBe('Please answer Yes please or No thanks.');
    await chat.send('no thanks');
    expect(chat.session.variables.people).toEqual([{ size: 'S', gift: false, index: 1 }]);
  });

  it('says which pass a repeating wizard is on, counting from the offsite, and stores it as index', async () => {
    const progressOf = (replies: RenderedReply[]) => (replies[0] as { progress?: unknown }).progress;
    const passes = async (iterations: number, offsite: number) => {
      const chat = conversation(wizardFlow([field(1, 'text', 'name')], iterations, offsite), fakePorts());
      const shown = [progressOf(await chat.send('start'))];
      for (let i = 1; i < iterations; i++) shown.push(progressOf(await chat.send(`guest ${i}`)));
      await chat.send('last');
      const stored = chat.session.variables.people as { index: number }[];
      return { shown, indexes: stored.map((form) => form.index) };
    };
    expect(await passes(3, 1)).toEqual({
      shown: [
        { pass: 1, of: 3 },
        { pass: 2, of: 3 },
        { pass: 3, of: 3 },
      ],
      indexes: [1, 2, 3],
    });
    expect(await passes(2, 4)).toEqual({
      shown: [
        { pass: 4, of: 5 },
        { pass: 5, of: 5 },
      ],
      indexes: [4, 5],
    });
    // Asked once: nothing to count, but the form still has its index.
    expect(await passes(1, 0)).toEqual({ shown: [undefined], indexes: [0] });
  });

  it('repeats the pass count when it asks again after a wrong answer', async () => {
    const chat = conversation(wizardFlow([field(1, 'email', 'mail')], 2), fakePorts());
    await chat.send('start');
    await chat.send('ada@example.com');
    const again = await chat.send('not an email');
    expect(again.map((r) => [r.type, r.content])).toEqual([
      ['text', WIZARD_MESSAGES.email],
      ['wizard', 'Your mail?'],
    ]);
    expect(again[1]).toMatchObject({ progress: { pass: 2, of: 2 } });
  });

  it('hides a password step: the chat input turns to password and the answer is stored masked', async () => {
    const chat = conversation(wizardFlow([field(1, 'password', 'pin')]), fakePorts());
    const ask = await chat.send('start');
    expect(ask.map((r) => r.type)).toEqual(['wizard', 'input']);
    expect(ask[1]).toMatchObject({ input: 'password' });
    await chat.send('s3cret');
    expect(chat.last?.secretInput).toBe(true);
  });
});
