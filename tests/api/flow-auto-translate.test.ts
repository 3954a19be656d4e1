// Publishing the flow of a bot with "Translate flow content" on (issue 13 §13): the texts a
// supported language lacks are translated from the default language through the OpenAI-compatible
// endpoint (the fake answers "[fr] …"), one request per language, marked machine-translated, and
// an author's own text is never replaced. Off, nothing is asked; with the endpoint down the
// publish still succeeds and says so; without an endpoint the switch cannot be turned on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_TRANSLATE_NEEDS_AI } from '../../src/core/bot/auto-translate.js';
import { newNode, type FlowNode } from '../../src/core/flow/index.js';
import { createBot, form, withHeaders } from '../fixtures/bot-api.js';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm.js';
import { zipFile } from '../fixtures/zips.js';
import { chatTest, contents, guest, publish as publishForChat } from './chat-support.js';
import { customer, getFlow, publish, type Customer } from './flow-support.js';
import { createTestApp, multipart, type TestApp } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers read by path
type Loose = Record<string, any>;

/** A greeting (English only), then a choice whose French question the author wrote. */
function flow(): FlowNode[] {
  const greet = newNode('basic', 'greet', 0, 0, 'Greeting');
  greet.entries = [{ type: 'content', content: { type: 'text', title: '', content: { en: 'Welcome!' } } }];
  greet.next[0].node = 'ask';
  const ask = newNode('choice', 'ask', 240, 0, 'Ask');
  ask.message = { en: 'Anything else?', fr: 'Autre chose ?' };
  ask.next = [{ id: 0, node: 'greet', option: { en: { name: 'Yes', alt: ['sure'] } } }];
  return [greet, ask];
}

const byId = (nodes: Loose[], id: string) => nodes.find((n) => n.id === id)!;

function publishFlow(t: TestApp, who: Customer, botId: number, nodes: unknown, version = '"0"') {
  return publish(t, who, botId, { nodes, allow_invalid: true }, version);
}

const translations = (llm: FakeLlm) => llm.requests.filter((r) => r.path === '/v1/chat/completions');

describe('flow publish with auto_translate', () => {
  let llm: FakeLlm;
  let t: TestApp;
  let owner: Customer;

  beforeAll(async () => {
    llm = await startFakeLlm();
    t = await createTestApp({ llmBaseUrl: llm.baseUrl, llmApiKey: llm.apiKey });
    owner = await customer(t);
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('fills the missing texts of every supported language, one request each, and marks them', async () => {
    const bot = await createBot(t, owner, {
      auto_translate: true,
      language: 2,
      supported_languages: [2, 3, 4],
    });
    llm.requests.length = 0;
    const res = await publishFlow(t, owner, bot.id, flow());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.translation).toEqual({
      done: true,
      message: 'Translated 7 texts (fr, de)',
      languages: ['fr', 'de'],
    });
    const asked = translations(llm);
    expect(asked).toHaveLength(2);
    expect((asked[0]!.json!.response_format as Loose).type).toBe('json_object');

    const greet = byId(body.nodes, 'greet');
    expect(greet.entries[0].content.content).toEqual({
      en: 'Welcome!',
      fr: '[fr] Welcome!',
      de: '[de] Welcome!',
    });
    expect(greet.machine_translated).toEqual({ fr: ['entries.0.content'], de: ['entries.0.content'] });
    const ask = byId(body.nodes, 'ask');
    // The author's French question stays; German gets one.
    expect(ask.message).toEqual({ en: 'Anything else?', fr: 'Autre chose ?', de: '[de] Anything else?' });
    expect(ask.next[0].option.fr).toEqual({ name: '[fr] Yes', alt: ['[fr] sure'] });
    expect(ask.machine_translated.fr).toEqual(['next.0.option.name', 'next.0.option.alt']);
    expect(ask.machine_translated.de).toEqual(['message', 'next.0.option.name', 'next.0.option.alt']);

    // Stored as published: the editor reopens the flow with the texts and their marks.
    const stored = (await getFlow(t, owner, bot.id)).json().flow.nodes;
    expect(byId(stored, 'greet')).toEqual(greet);

    // Nothing is missing any more: publishing it again asks nothing.
    llm.requests.length = 0;
    const again = await publishFlow(t, owner, bot.id, stored, '"1"');
    expect(again.json().translation).toEqual({ done: true, message: 'Nothing to translate', languages: [] });
    expect(translations(llm)).toHaveLength(0);
  });

  it('translates again a machine translation whose English changed, never an author text', async () => {
    const bot = await createBot(t, owner, { auto_translate: true, language: 2, supported_languages: [2, 3] });
    const first = (await publishFlow(t, owner, bot.id, flow())).json().nodes;
    const edited = structuredClone(first);
    byId(edited, 'greet').entries[0].content.content.en = 'Welcome back!';
    byId(edited, 'ask').message.en = 'Something else?';
    const body = (await publishFlow(t, owner, bot.id, edited, '"1"')).json();
    expect(body.translation).toMatchObject({ done: true, message: 'Translated 1 text (fr)' });
    expect(byId(body.nodes, 'greet').entries[0].content.content.fr).toBe('[fr] Welcome back!');
    expect(byId(body.nodes, 'greet').machine_translated).toEqual({ fr: ['entries.0.content'] });
    expect(byId(body.nodes, 'ask').message.fr).toBe('Autre chose ?');
  });

  it('keeps the translations and their marks through export and import', async () => {
    const bot = await createBot(t, owner, { auto_translate: true, language: 2, supported_languages: [2, 3] });
    const published = (await publishFlow(t, owner, bot.id, flow())).json().nodes;
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/export',
      ...withHeaders(multipart({ bot_id: String(bot.id) }), owner),
    });
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/import',
      ...withHeaders(multipart({ uploaded_bot_file: zipFile(exported.rawPayload) }), owner),
    });
    expect(imported.statusCode).toBe(200);
    const copy = (await getFlow(t, owner, imported.json().bot.id)).json().flow.nodes;
    expect(byId(copy, 'greet').machine_translated).toEqual({ fr: ['entries.0.content'] });
    expect(copy).toEqual(published);
  });

  it('translates nothing and says nothing when the switch is off', async () => {
    const bot = await createBot(t, owner, {
      auto_translate: false,
      language: 2,
      supported_languages: [2, 3],
    });
    llm.requests.length = 0;
    const res = await publishFlow(t, owner, bot.id, flow());
    expect(res.statusCode).toBe(200);
    expect(res.json().translation).toBeUndefined();
    expect(byId(res.json().nodes, 'greet').entries[0].content.content).toEqual({ en: 'Welcome!' });
    expect(translations(llm)).toHaveLength(0);
  });

  it('answers whether the server has an AI endpoint in the user info', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user-info', headers: owner.headers });
    expect(res.json().llm_available).toBe(true);
  });
});

describe('a guest chatting in a translated language', () => {
  it('hears the machine translation (an ordinary French text to the runtime)', async () => {
    const llm = await startFakeLlm();
    const c = await chatTest(
      { llmBaseUrl: llm.baseUrl, llmApiKey: llm.apiKey },
      { auto_translate: true, language: 2, supported_languages: [2, 3] },
    );
    try {
      await publishForChat(c, flow());
      const french = guest(c, { language: 'fr' });
      expect(contents(await french.say('Bonjour', { ignore_saving: '1' }))).toContain('[fr] Welcome!');
      const english = guest(c, { language: 'en' });
      expect(contents(await english.say('Hello', { ignore_saving: '1' }))).toContain('Welcome!');
    } finally {
      await c.t.close();
      await llm.close();
    }
  });
});

describe('flow publish when the translator fails', () => {
  it('publishes without the translations and says they were skipped when the endpoint is down', async () => {
    const gone = await startFakeLlm();
    await gone.close();
    const t = await createTestApp({ llmBaseUrl: gone.baseUrl, llmApiKey: gone.apiKey });
    try {
      const owner = await customer(t);
      const bot = await createBot(t, owner, {
        auto_translate: true,
        language: 2,
        supported_languages: [2, 3],
      });
      const res = await publishFlow(t, owner, bot.id, flow());
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.version).toBe(1);
      expect(body.translation.done).toBe(false);
      expect(body.translation.message).toMatch(
        /^Translations were skipped for fr: the AI endpoint did not answer/,
      );
      expect(byId(body.nodes, 'greet').entries[0].content.content).toEqual({ en: 'Welcome!' });
      expect(byId(body.nodes, 'greet').machine_translated).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('uses nothing of an answer that is not the texts asked for', async () => {
    const llm = await startFakeLlm({ answer: () => JSON.stringify({ 1: 'only one' }) });
    const t = await createTestApp({ llmBaseUrl: llm.baseUrl, llmApiKey: llm.apiKey });
    try {
      const owner = await customer(t);
      const bot = await createBot(t, owner, {
        auto_translate: true,
        language: 2,
        supported_languages: [2, 3],
      });
      const body = (await publishFlow(t, owner, bot.id, flow())).json();
      expect(body.success).toBe(true);
      expect(body.translation).toEqual({
        done: false,
        message:
          'Translations were skipped for fr: the AI endpoint answered something other than the texts asked for. The flow is published without them.',
        languages: [],
      });
      expect(byId(body.nodes, 'greet').entries[0].content.content).toEqual({ en: 'Welcome!' });
    } finally {
      await t.close();
      await llm.close();
    }
  });
});

describe('the switch without an AI endpoint', () => {
  let t: TestApp;
  let owner: Customer;
  beforeAll(async () => {
    t = await createTestApp({ llmBaseUrl: '' });
    owner = await customer(t);
  });
  afterAll(() => t.close());

  const put = (values: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/bot', ...withHeaders(form(values), owner) });

  it('refuses a new bot with it on', async () => {
    await expect(createBot(t, owner, { auto_translate: true })).rejects.toThrow(AUTO_TRANSLATE_NEEDS_AI);
  });

  it('refuses turning it on, and keeps the rest of the bot editable', async () => {
    const bot = await createBot(t, owner);
    const res = await put({ bot_id: bot.id, auto_translate: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: AUTO_TRANSLATE_NEEDS_AI, key: 'auto_translate' });
    expect((await put({ bot_id: bot.id, name: 'Renamed' })).statusCode).toBe(200);
  });

  it('tells the app there is no endpoint', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user-info', headers: owner.headers });
    expect(res.json().llm_available).toBe(false);
  });
});
