import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import {
  botOf,
  call,
  customer,
  listContent,
  storedContent,
  templateOf,
  type Customer,
} from './content-support.js';

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describe('text and video content', () => {
  let t: TestApp;
  let owner: Customer;
  let stranger: Customer;
  let botId: number;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
    stranger = await customer(t);
    botId = await botOf(t, owner);
  });
  afterAll(() => t.close());

  const post = (payload: object, who: Customer = owner, id = botId) =>
    call(t, who, 'POST', `/api/content/${id}`, payload);
  const put = (payload: object, who: Customer = owner) =>
    call(t, who, 'PUT', `/api/content/${botId}`, payload);
  const text = (id: string, changes: object = {}) => ({
    id,
    title: 'Greeting',
    type: 'text',
    content: { en: 'Hello ${{name}}', fr: 'Bonjour ${{name}}' },
    reviewable: true,
    is_template_content: false,
    ...changes,
  });

  it('stores a text under the editor id and lists it', async () => {
    const res = await post(text('greet-1'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({
      id: 'greet-1',
      type: 'text',
      title: 'Greeting',
      content: { en: 'Hello ${{name}}', fr: 'Bonjour ${{name}}' },
      reviewable: true,
      is_template_content: false,
      template_name: null,
      url: null,
    });
    const list = (await listContent(t, owner, botId)).json();
    expect(list.success).toBe(true);
    expect(list.content.map((c: { id: string }) => c.id)).toContain('greet-1');
    const row = await storedContent(t, botId, 'greet-1');
    expect(JSON.parse(row!.content)).toEqual({ en: 'Hello ${{name}}', fr: 'Bonjour ${{name}}' });
  });

  it('makes up an id when the editor sends none, and refuses a taken one', async () => {
    const made = await post(text('', { title: 'No id' }));
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().content.id).toMatch(/^[0-9a-f-]{36}$/);
    await post(text('taken'));
    const again = await post(text('taken'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: 'Content taken already exists' });
  });

  it('updates a text with PUT; a missing id is 404, an id is required', async () => {
    await post(text('edit-me'));
    const res = await put(text('edit-me', { title: 'Welcome', content: { en: 'Hi' }, reviewable: false }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({ title: 'Welcome', content: { en: 'Hi' }, reviewable: false });
    expect((await storedContent(t, botId, 'edit-me'))!.reviewable).toBe(0);
    expect((await put(text('nobody'))).statusCode).toBe(404);
    const noId = await put(text('', {}));
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toBe('id is required');
  });

  it('accepts YouTube watch, short and embed links and refuses other video links', async () => {
    for (const [id, link] of [
      ['v1', VIDEO],
      ['v2', 'https://youtu.be/dQw4w9WgXcQ'],
      ['v3', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ]) {
      const res = await post(text(id, { type: 'video-link', title: 'Clip', content: { en: link } }));
      expect(res.statusCode, `${link}: ${res.body}`).toBe(200);
    }
    const bad = await post(text('v4', { type: 'video-link', content: { en: 'https://vimeo.com/123456' } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: 'Invalid video link', key: 'content' });
    const shortId = await post(text('v5', { type: 'video-link', content: { en: VIDEO.slice(0, -1) } }));
    expect(shortId.statusCode).toBe(400);
    expect(await storedContent(t, botId, 'v4')).toBeUndefined();
  });

  it('refuses a missing title, empty content, an unknown type and a path-like id', async () => {
    const cases: [object, string][] = [
      [text('a', { title: '  ' }), 'title is required'],
      [text('b', { content: { en: '   ' } }), 'content is required'],
      [text('c', { content: 'not json' }), 'content is invalid'],
      [text('d', { type: 'image' }), 'type must be text or video-link'],
      [text('../../etc', {}), 'id is invalid'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
    const { title: _title, ...noTitle } = text('e');
    expect((await post(noTitle)).json().message).toBe('title is required');
  });

  it('does not let PUT turn an image into text', async () => {
    await t.app.db
      .insertInto('contents')
      .values({
        bot_id: botId,
        id: 'pic',
        template_name: null,
        type: 'image-link',
        title: 'Pic',
        content: JSON.stringify({ en: 'https://cdn.example.com/a.png' }),
        files: '[]',
        reviewable: 1,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    const res = await put(text('pic'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Content pic is not a text or video');
  });

  it("refuses another customer's bot as missing, and callers without a token", async () => {
    await post(text('private'));
    const read = await listContent(t, stranger, botId);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ success: false, message: 'Bot not found' });
    expect((await post(text('intruder'), stranger)).statusCode).toBe(404);
    expect((await put(text('private', { title: 'Hacked' }), stranger)).statusCode).toBe(404);
    expect((await storedContent(t, botId, 'private'))!.title).toBe('Greeting');
    expect(await storedContent(t, botId, 'intruder')).toBeUndefined();
    expect((await call(t, undefined, 'GET', `/api/content/${botId}`)).statusCode).toBe(401);
    expect((await post(text('x'), owner, 999999)).statusCode).toBe(404);
  });
});

describe('text content of flow templates', () => {
  let t: TestApp;
  let owner: Customer;
  let stranger: Customer;
  let botId: number;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
    stranger = await customer(t);
    botId = await botOf(t, owner);
    await templateOf(t, owner, botId, 'Returns');
  });
  afterAll(() => t.close());

  const entry = (id: string) => ({ id, title: 'Returns', type: 'text', content: { en: 'Send it back' } });

  it('keeps template content apart from the main flow', async () => {
    const res = await call(t, owner, 'POST', `/api/content/flow_template/Returns?bot_id=${botId}`, {
      ...entry('ret-1'),
      is_template_content: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({ is_template_content: true, template_name: 'Returns' });
    // The bot can also come in the body, as the flow-template calls allow.
    const inBody = await call(t, owner, 'POST', '/api/content/flow_template/Returns', {
      ...entry('ret-2'),
      bot_id: botId,
    });
    expect(inBody.statusCode, inBody.body).toBe(200);
    await call(t, owner, 'POST', `/api/content/${botId}`, entry('main-1'));

    const template = (
      await call(t, owner, 'GET', `/api/content/flow_template/Returns?bot_id=${botId}`)
    ).json();
    expect(template.content.map((c: { id: string }) => c.id)).toEqual(['ret-1', 'ret-2']);
    const main = (await listContent(t, owner, botId)).json();
    expect(main.content.map((c: { id: string }) => c.id)).toEqual(['main-1']);
    // The template read of the flow calls carries the same list.
    const flowTemplate = (await call(t, owner, 'GET', `/api/flow_template/Returns?bot_id=${botId}`)).json();
    expect(flowTemplate.content.map((c: { id: string }) => c.id)).toEqual(['ret-1', 'ret-2']);
  });

  it('updates template content only through its template', async () => {
    await call(t, owner, 'POST', `/api/content/flow_template/Returns?bot_id=${botId}`, entry('ret-3'));
    const wrongFlow = await call(t, owner, 'PUT', `/api/content/${botId}`, {
      ...entry('ret-3'),
      title: 'Main?',
    });
    expect(wrongFlow.statusCode).toBe(404);
    const res = await call(t, owner, 'PUT', `/api/content/flow_template/Returns?bot_id=${botId}`, {
      ...entry('ret-3'),
      title: 'Refunds',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content.title).toBe('Refunds');
  });

  it('needs the bot, a known template, and the owner', async () => {
    const noBot = await call(t, owner, 'GET', '/api/content/flow_template/Returns');
    expect(noBot.statusCode).toBe(400);
    expect(noBot.json().message).toBe('bot_id is required');
    const unknown = await call(t, owner, 'GET', `/api/content/flow_template/Nope?bot_id=${botId}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Flow template not found');
    const foreign = await call(
      t,
      stranger,
      'POST',
      `/api/content/flow_template/Returns?bot_id=${botId}`,
      entry('x'),
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Bot not found');
    expect(await storedContent(t, botId, 'x')).toBeUndefined();
  });
});
