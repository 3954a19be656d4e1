// Guest sessions over real HTTP: the stored conversation (restored on reopening, choices disabled,
// passwords masked), language switch, custom variables, ping, uploads, templates, and turns of
// one guest kept in order — in this process and against another instance's write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowNode } from '../../src/core/flow/index.js';
import { PNG } from '../fixtures/images.js';
import {
  chat,
  chatTest,
  contents,
  guest,
  link,
  node,
  publish,
  publishTemplate,
  request,
  startApi,
  text,
  type ChatTest,
  type Loose,
} from './chat-support.js';

let c: ChatTest;
let api: Awaited<ReturnType<typeof startApi>>;

function flow(apiUrl: string): FlowNode[] {
  const start = node('basic', 'start', {
    entries: [text({ en: 'Hello ${{plan}}', fr: 'Bonjour ${{plan}}' })],
  });
  start.next = [
    { id: 1, node: 'course', condition: { en: 'ENV_COURSE_ID == 5' } },
    { id: 0, node: 'menu' },
  ];
  const course = link(node('basic', 'course', { entries: [text('Course 5')] }), 'menu');
  const menu = node('choice', 'menu', { message: { en: 'Pick', fr: 'Choisissez' } });
  menu.next = [
    { id: 1, node: 'secret', option: { en: { name: 'Secret' }, fr: { name: 'Secret' } } },
    { id: 2, node: 'upload', option: { en: { name: 'Upload' } } },
    { id: 3, node: 'slow', option: { en: { name: 'Slow' } } },
    { id: 0, node: null },
  ];
  const secret = node('basic', 'secret', {
    entries: [
      { type: 'variable', name: 'pin', default: '', variableType: 'password', wait: true },
      text('PIN saved'),
    ],
  });
  const upload = node('basic', 'upload', {
    entries: [
      { type: 'variable', name: 'doc', default: '', variableType: 'file', wait: true },
      text('Got ${{doc.name}} (${{doc.type}})'),
    ],
  });
  const slow = link(
    node('api', 'slow', {
      store: { name: 'slowResult', statusCodeVariable: '', successTarget: null, failureTarget: null },
    }),
    'slow-done',
  );
  slow.api = { ...slow.api, url: `${apiUrl}/slow`, retries: 0, retryDelay: 0 };
  const slowDone = node('basic', 'slow-done', { entries: [text('Slow done')] });
  return [start, course, menu, secret, upload, slow, slowDone];
}

beforeAll(async () => {
  api = await startApi(() => ({ status: 200, body: { ok: true }, delayMs: 300 }));
  c = await chatTest();
  await publish(c, flow(api.url));
  await publishTemplate(c, 'faq', [node('basic', 'faq-hi', { entries: [text('From the template')] })]);
});

afterAll(async () => {
  await c.t.close();
  await api.close();
});

async function reopen(guestId: string) {
  const res = await chat(c, { message: 'Hello', ignore_saving: '1', guest_id: guestId });
  expect(res.status).toBe(200);
  expect(res.body.reply).toEqual([]);
  return res.body.old_conversation as Loose[];
}

describe('the stored conversation', () => {
  it('is restored on reopening, without the opener, choices disabled once answered', async () => {
    const g = guest(c);
    await g.say('Hello', { ignore_saving: '1' });
    let stored = await reopen(g.id);
    expect(stored.map((m) => [m.id, m.from, m.type, m.disabled])).toEqual([
      [0, 'bot', 'text', false],
      [1, 'bot', 'choices-message', false],
      [2, 'bot', 'choices', false],
    ]);
    await g.say('secret');
    expect(contents(await g.say('1234'))).toEqual(['PIN saved']);
    stored = await reopen(g.id);
    expect(stored.map((m) => [m.id, m.from, m.content, m.disabled])).toEqual([
      [0, 'bot', 'Hello ', false],
      [1, 'bot', 'Pick', true],
      [
        2,
        'bot',
        [
          { id: 1, label: 'Secret' },
          { id: 2, label: 'Upload' },
          { id: 3, label: 'Slow' },
        ],
        true,
      ],
      [3, 'user', 'secret', false],
      [4, 'user', '****', false],
      [5, 'bot', 'PIN saved', false],
    ]);
    expect(stored[0]).toMatchObject({
      language_code: 'en',
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('is re-rendered in another language, which the bot then keeps speaking', async () => {
    const g = guest(c);
    await g.say('Hello', { ignore_saving: '1' });
    const res = await request(c.base, `/api/language/${g.id}/3`, { method: 'PUT' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, language: 'fr' });
    expect(res.body.conversation.map((m: Loose) => [m.content, m.language_code])).toEqual([
      ['Bonjour ', 'fr'],
      ['Choisissez', 'fr'],
      [
        [
          { id: 1, label: 'Secret' },
          { id: 2, label: 'Upload' },
          { id: 3, label: 'Slow' },
        ],
        'fr',
      ],
    ]);
    // The widget still sends its old language; the guest's choice wins.
    const next = await g.say('nothing', { language: 'en' });
    expect(contents(next)[0]).toBe('Choisissez');
    expect((await request(c.base, `/api/language/${g.id}/4`, { method: 'PUT' })).status).toBe(400);
    expect((await request(c.base, `/api/language/${g.id}/99`, { method: 'PUT' })).status).toBe(404);
    expect((await request(c.base, '/api/language/no-such-guest/3', { method: 'PUT' })).status).toBe(404);
  });
});

describe('guest upkeep and environment', () => {
  it('answers a ping for a known guest only', async () => {
    const g = guest(c);
    await g.say('Hello', { ignore_saving: '1' });
    expect(await request(c.base, `/api/ping/${g.id}`, { method: 'POST' })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect((await request(c.base, '/api/ping/unknown-guest', { method: 'POST' })).status).toBe(404);
  });

  it('reads custom variables from the chat call and from /api/custom_variables, and the course id', async () => {
    const g = guest(c, { language: 'en' });
    const first = await g.say('Hello', { custom_env_variables: '{"plan":"gold"}', course_id: '5' });
    expect(contents(first).slice(0, 2)).toEqual(['Hello gold', 'Course 5']);
    const form = new FormData();
    form.append('custom_env_variables', JSON.stringify({ plan: 'silver' }));
    expect(
      (await request(c.base, `/api/custom_variables/${g.id}`, { method: 'POST', body: form })).status,
    ).toBe(200);
    const stored = await c.t.app.db
      .selectFrom('guest_sessions')
      .select('state')
      .where('id', '=', g.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.state).env).toMatchObject({
      custom: { plan: 'silver' },
      ENV_COURSE_ID: 5,
      ENVIRONMENT: 'web',
    });
    const bad = new FormData();
    bad.append('custom_env_variables', '[1,2]');
    expect(
      await request(c.base, `/api/custom_variables/${g.id}`, { method: 'POST', body: bad }),
    ).toMatchObject({
      status: 400,
      body: { success: false, message: 'custom_env_variables must be a JSON object' },
    });
  });

  it('takes a file upload into a file variable and serves it back', async () => {
    const g = guest(c);
    await g.say('Hello', { ignore_saving: '1' });
    expect(await g.say('upload')).toMatchObject([{ type: 'input', input: 'file' }]);
    const replies = await g.say('', { file: new Blob([PNG], { type: 'image/png' }) });
    expect(contents(replies)).toEqual(['Got upload.bin (image/png)']);
    const stored = await reopen(g.id);
    const file = stored.find((m) => m.type === 'file');
    expect(file).toMatchObject({
      from: 'user',
      content: { name: 'upload.bin', type: 'image/png', size: PNG.length },
    });
    const served = await fetch(`${c.base}${new URL(file!.content.url).pathname}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('runs a flow template instead of main when asked (the emulator)', async () => {
    const g = guest(c, { target_template: 'faq' });
    expect(contents(await g.say('Hello', { ignore_saving: '1' }))).toEqual(['From the template']);
  });
});

describe('turns of one guest', () => {
  it('are serialised: two messages at once are answered one after the other', async () => {
    const g = guest(c);
    await g.say('Hello', { ignore_saving: '1' });
    const before = api.seen.length;
    // Run together, both would answer the same menu and both would call the slow api.
    const [a, b] = await Promise.all([
      chat(c, { message: 'slow', guest_id: g.id }),
      chat(c, { message: 'slow', guest_id: g.id }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(api.seen.length - before).toBe(1);
    expect(contents(a.body.reply)).toEqual(['Slow done']);
    expect(contents(b.body.reply).slice(0, 2)).toEqual(['Hello ', 'Pick']);
    const stored = await reopen(g.id);
    expect(stored.map((m) => m.id)).toEqual(stored.map((_, i) => i));
    const row = await c.t.app.db
      .selectFrom('guest_sessions')
      .select('version')
      .where('id', '=', g.id)
      .executeTakeFirstOrThrow();
    // The opener, two turns and the reopening: four stored versions.
    expect(row.version).toBe(4);
  });

  it('run again on the fresh session when another instance stored a turn in between', async () => {
    const g = guest(c);
    await g.say('Hello', { ignore_saving: '1' });
    const before = api.seen.length;
    const pending = g.say('slow');
    // While the api node waits, "another server" stores this guest's session.
    await new Promise((r) => setTimeout(r, 100));
    await c.t.app.db
      .updateTable('guest_sessions')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', g.id)
      .execute();
    expect(contents(await pending)).toEqual(['Slow done']);
    // The lost turn was run again from the stored session: the api node ran twice.
    expect(api.seen.length - before).toBe(2);
  });
});
