// Whole conversations over real HTTP through POST /api/chat, on a published flow that uses every
// node type, with a local HTTP API for the api node and a local OpenAI-compatible server for AI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowNode } from '../../src/core/flow/index.js';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm.js';
import {
  chatTest,
  contents,
  guest,
  link,
  node,
  publish,
  publishTemplate,
  startApi,
  text,
  type ChatTest,
} from './chat-support.js';

let c: ChatTest;
let llm: FakeLlm;
let api: Awaited<ReturnType<typeof startApi>>;

function mainFlow(apiUrl: string): FlowNode[] {
  const greet = link(
    node('basic', 'greet', {
      entries: [
        text('Welcome to the ${{ENVIRONMENT}} shop! What is your name?'),
        { type: 'variable', name: 'name', default: '', variableType: 'text', wait: true },
      ],
    }),
    'menu',
  );
  const menu = node('choice', 'menu', { message: { en: 'Hi ${{name}}, what now?' } });
  menu.next = [
    { id: 1, node: 'order-api', option: { en: { name: 'Orders', alt: ['order'] } } },
    { id: 2, node: 'ai', option: { en: { name: 'Ask AI' } } },
    { id: 3, node: 'survey', option: { en: { name: 'Survey' } } },
    { id: 4, node: 'to-fr', option: { en: { name: 'Extras' } } },
    { id: 0, node: 'menu' },
  ];
  const orderApi = node('api', 'order-api', {
    store: { name: 'order', statusCodeVariable: 'code', successTarget: null, failureTarget: null },
    headers: [{ name: 'X-Shop', value: '${{name}}' }],
  });
  orderApi.api = { ...orderApi.api, url: `${apiUrl}/orders/\${{name}}`, retries: 2, retryDelay: 0 };
  // Editor form: conditional branches, then success (id 0), then the failure slot (id 1) last.
  orderApi.next = [
    { id: 2, node: 'order-lost', condition: { en: 'order.state == "lost"' } },
    { id: 0, node: 'order-ok' },
    { id: 1, node: 'order-fail', onFailure: true },
  ];
  const orderOk = link(
    node('basic', 'order-ok', { entries: [text('Order ${{order.id}} is ${{order.state}}')] }),
    'menu',
  );
  const orderLost = node('basic', 'order-lost', { entries: [text('Your parcel is lost, sorry')] });
  const orderFail = node('basic', 'order-fail', { entries: [text('Order service failed (${{code}})')] });
  const ai = link(
    node('ai', 'ai', {
      prompt: { en: 'Answer for ${{name}}.' },
      waitForUserQuery: true,
      showMessage: true,
      message: { en: 'Ask the AI' },
      useNLPResources: false,
      AIResponseVariable: 'aiAnswer',
      hideAIResponse: false,
    }),
    'ai-done',
  );
  const aiDone = node('basic', 'ai-done', { entries: [text('Stored: ${{aiAnswer}}')] });
  const survey = link(
    node('wizard', 'survey', {
      wizard: {
        iterations: 1,
        offsite: 1,
        fields: [{ id: 1, type: 'email', attr: 'email', feedback: { en: 'Your email?' } }],
      },
      store: { name: 'answers' },
    }),
    'notify',
  );
  const notify = link(
    node('notification', 'notify', { template: { en: 'News for ${{name}}' } }),
    'survey-done',
  );
  const surveyDone = node('basic', 'survey-done', { entries: [text('Thanks ${{answers[0].email}}')] });
  const toFr = link(node('language-changer', 'to-fr', { language: 3 }), 'geo');
  const geo = node('device-permission', 'geo');
  geo.next = [
    { id: 0, node: 'where' },
    { id: 1, node: 'bye', onFailure: true },
  ];
  const where = link(
    node('basic', 'where', {
      entries: [text({ en: 'You are at ${{latitude}}', fr: 'Vous êtes à ${{latitude}}' })],
    }),
    'live',
  );
  const live = link(node('realtime-ai', 'live', { prompt: { en: 'Chat with ${{name}}' } }), 'call');
  const call = link(
    node('call', 'call', {
      message: { en: 'Calling an agent…' },
      providerId: 'botflow-default',
      subject: { en: 'Help' },
      description: { en: 'From the chat' },
    }),
    'faq',
  );
  const faq = link(node('flow-template', 'faq', { templateName: 'faq' }), 'bye');
  const bye = node('basic', 'bye', { entries: [text({ en: 'Bye', fr: 'Au revoir' })] });
  return [
    greet,
    menu,
    orderApi,
    orderOk,
    orderLost,
    orderFail,
    ai,
    aiDone,
    survey,
    notify,
    surveyDone,
    toFr,
    geo,
    where,
    live,
    call,
    faq,
    bye,
  ];
}

function faqFlow(): FlowNode[] {
  const ask = node('choice', 'faq-ask', { message: { en: 'Question?', fr: 'Question ?' } });
  ask.next = [
    { id: 1, node: 'faq-ship', option: { en: { name: 'Shipping' }, fr: { name: 'Livraison' } } },
    { id: 0, node: null },
  ];
  return [
    ask,
    node('basic', 'faq-ship', { entries: [text({ en: 'Ships in 2 days', fr: 'Expédié en 2 jours' })] }),
  ];
}

beforeAll(async () => {
  llm = await startFakeLlm();
  api = await startApi((req) => {
    if (req.url === '/orders/Ada') return { status: 200, body: { id: 7, state: 'shipped' } };
    if (req.url === '/orders/Lost') return { status: 200, body: { id: 8, state: 'lost' } };
    return { status: 500, body: { error: 'down' } };
  });
  c = await chatTest({ llmBaseUrl: llm.baseUrl, llmApiKey: llm.apiKey, llmModel: 'fake-model' });
  await publishTemplate(c, 'faq', faqFlow());
  await publish(c, mainFlow(api.url));
});

afterAll(async () => {
  await c.t.close();
  await llm.close();
  await api.close();
});

async function named(name: string) {
  const g = guest(c);
  const opening = await g.say('Hello', { ignore_saving: '1' });
  expect(contents(opening)).toEqual(['Welcome to the web shop! What is your name?']);
  const menu = await g.say(name);
  expect(menu.map((r) => r.type)).toEqual(['choices-message', 'choices']);
  expect(menu[0].content).toBe(`Hi ${name}, what now?`);
  return g;
}

describe('a conversation through every node type', () => {
  it('asks a name, then calls the api node and follows success', async () => {
    const g = await named('Ada');
    const replies = await g.say('ORDER');
    expect(contents(replies)[0]).toBe('Order 7 is shipped');
    expect(replies[0]).toMatchObject({
      type: 'text',
      from: 'bot',
      language_code: 'en',
      id: expect.any(Number),
    });
    expect(api.seen.at(-1)).toMatchObject({ method: 'GET', url: '/orders/Ada' });
    expect(api.seen.at(-1)?.headers['x-shop']).toBe('Ada');
  });

  it('follows a branch condition on the api answer', async () => {
    const g = await named('Lost');
    expect(contents(await g.say('orders'))).toEqual(['Your parcel is lost, sorry']);
  });

  it('retries a failing api and follows its failure path', async () => {
    const before = api.seen.length;
    const g = await named('Broken');
    expect(contents(await g.say('orders'))).toEqual(['Order service failed (500)']);
    expect(api.seen.length - before).toBe(3);
  });

  it('waits for the AI question and answers through the OpenAI-compatible endpoint', async () => {
    const g = await named('Ada');
    expect(contents(await g.say('ask ai'))).toEqual(['Ask the AI']);
    const replies = await g.say('Is it raining?');
    expect(replies[0]).toMatchObject({ type: 'ai', content: 'Echo: Is it raining?' });
    expect(replies[1].content).toBe('Stored: Echo: Is it raining?');
    const sent = llm.requests.at(-1)?.json;
    expect(sent).toMatchObject({ model: 'fake-model' });
    expect(sent?.messages).toEqual([
      { role: 'user', content: 'Answer for Ada.' },
      { role: 'user', content: 'Is it raining?' },
    ]);
  });

  it('runs the wizard with a type check and subscribes to notifications', async () => {
    const g = await named('Ada');
    expect(await g.say('survey')).toMatchObject([
      { type: 'wizard', content: 'Your email?', field: { type: 'email' } },
    ]);
    expect(contents(await g.say('nope'))[0]).toBe('Please enter a valid email address.');
    expect(contents(await g.say('ada@example.com'))).toEqual(['Thanks ada@example.com']);
    const subscriptions = await c.t.app.db
      .selectFrom('notification_subscriptions')
      .selectAll()
      .where('guest_id', '=', g.id)
      .execute();
    expect(subscriptions).toMatchObject([
      {
        bot_id: c.botId,
        push_message_type: 'WEATHER',
        start_at: '18:00',
        frequency: 24,
        language_code: 'en',
      },
    ]);
    expect(JSON.parse(subscriptions[0].template)).toEqual({ en: 'News for ${{name}}' });
  });

  it('changes language, asks for the location, runs realtime AI, a call and a template, then returns', async () => {
    const g = await named('Ada');
    expect(await g.say('extras')).toMatchObject([
      { type: 'device-permission', request: 'geolocation', language_code: 'fr' },
    ]);
    const live = await g.say('48.85,2.35');
    expect(live).toMatchObject([
      { type: 'text', content: 'Vous êtes à 48.85' },
      { type: 'realtime-ai', prompt: 'Chat with Ada' },
    ]);
    expect(await g.say('REALTIME_AI_ENDED')).toMatchObject([
      {
        type: 'call',
        content: 'Calling an agent…',
        provider: { id: 'botflow-default', name: 'BotFlow Calls' },
        callInfo: { callerName: 'Guest', subject: 'Help', description: 'From the chat' },
      },
    ]);
    expect(contents(await g.say('CALL_ENDED'))).toEqual(['Question ?', [{ id: 1, label: 'Livraison' }]]);
    expect(contents(await g.say('livraison'))).toEqual(['Expédié en 2 jours', 'Au revoir']);
  });

  it('follows the failure path when the location is refused', async () => {
    const g = await named('Ada');
    await g.say('extras');
    expect(contents(await g.say('unknown,unknown'))).toEqual(['Au revoir']);
  });
});
