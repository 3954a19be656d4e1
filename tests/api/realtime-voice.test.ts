// POST /api/realtime/{guestId}[/start]: the widget's realtime AI voice turns, answered by a local
// OpenAI-compatible server with the realtime-ai node's prompt as the AI's instructions and the
// turns so far as context; refused outside a realtime AI session, from unknown guests and from
// pages the bot does not run on; 503 without an endpoint, 502 when the endpoint fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_AI_ENDED } from '../../server/runtime/replies.js';
import { OPENING_CUE, VOICE_RULES } from '../../server/routes/realtime/voice-prompt.js';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm.js';
import {
  PAGE,
  chatTest,
  contents,
  guest,
  link,
  node,
  publish,
  request,
  text,
  type ChatTest,
  type Loose,
} from './chat-support.js';

let llm: FakeLlm;
let c: ChatTest;
let bare: ChatTest;
let broken: ChatTest;

/** hi → talk (the AI speaks first) → between → listen (the guest speaks first) → bye. */
function voiceFlow() {
  return [
    link(node('basic', 'hi', { entries: [text('Let us talk.')] }), 'talk'),
    link(
      node('realtime-ai', 'talk', {
        prompt: { en: 'You sell tea to ${{name}}.', fr: 'Vous vendez du thé à ${{name}}.' },
        waitForUserInteraction: false,
      }),
      'between',
    ),
    link(node('basic', 'between', { entries: [text('One more thing.')] }), 'listen'),
    link(
      node('realtime-ai', 'listen', {
        prompt: { en: 'Listen first.', fr: "Écoutez d'abord." },
        waitForUserInteraction: true,
      }),
      'bye',
    ),
    node('basic', 'bye', { entries: [text('Thanks for talking with us!')] }),
  ];
}

beforeAll(async () => {
  llm = await startFakeLlm();
  c = await chatTest({ llmBaseUrl: llm.baseUrl, llmApiKey: llm.apiKey });
  bare = await chatTest();
  broken = await chatTest({ llmBaseUrl: llm.baseUrl, llmApiKey: 'not-the-key' });
  for (const t of [c, bare, broken]) await publish(t, voiceFlow());
});

afterAll(async () => {
  for (const t of [c, bare, broken]) await t.t.close();
  await llm.close();
});

function realtime(t: ChatTest, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return request(t.base, `/api/realtime/${path}`, {
    method: 'POST',
    headers: {
      'x-botflow-origin': PAGE,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A guest named Ada (a host-page variable), at the first realtime-ai node. */
async function guestAtTalk(t: ChatTest) {
  const g = guest(t, { custom_env_variables: JSON.stringify({ name: 'Ada' }) });
  const replies = await g.say('Hello', { ignore_saving: '1' });
  expect(replies.map((r) => r.type)).toEqual(['text', 'realtime-ai']);
  return g;
}

const lastMessages = () => llm.requests.at(-1)?.json?.messages as Loose[];

describe('realtime AI voice turns', () => {
  it('speaks first with the node prompt as instructions, then answers each turn in context', async () => {
    const g = await guestAtTalk(c);
    const start = await realtime(c, `${g.id}/start`);
    expect(start).toMatchObject({ status: 200, body: { success: true, reply: `Echo: ${OPENING_CUE}` } });
    const opening = lastMessages();
    expect(opening).toHaveLength(2);
    expect(opening[0].role).toBe('system');
    expect(opening[0].content).toContain('You sell tea to Ada.');
    expect(opening[0].content).toContain(VOICE_RULES);
    expect(opening[1]).toEqual({ role: 'user', content: OPENING_CUE });

    const first = await realtime(c, g.id, { text: '  Which tea is best?  ' });
    expect(first).toMatchObject({ status: 200, body: { success: true, reply: 'Echo: Which tea is best?' } });
    expect(lastMessages().slice(1)).toEqual([
      { role: 'user', content: OPENING_CUE },
      { role: 'assistant', content: `Echo: ${OPENING_CUE}` },
      { role: 'user', content: 'Which tea is best?' },
    ]);
    await realtime(c, g.id, { text: 'And for the evening?' });
    expect(lastMessages()).toHaveLength(6);

    // The voice turns are not the conversation's: the flow goes on at REALTIME_AI_ENDED only.
    expect(contents(await g.say(REALTIME_AI_ENDED))).toEqual(['One more thing.', '']);
  });

  it('waits for the guest to speak first, in the guest language, without the last node turns', async () => {
    const g = await guestAtTalk(c);
    await realtime(c, `${g.id}/start`);
    await realtime(c, g.id, { text: 'Hello there' });
    await g.say(REALTIME_AI_ENDED);
    const french = await request(c.base, `/api/language/${g.id}/3`, { method: 'PUT' });
    expect(french.status).toBe(200);

    const asked = llm.requests.length;
    expect(await realtime(c, `${g.id}/start`)).toMatchObject({ status: 200, body: { reply: null } });
    expect(llm.requests).toHaveLength(asked);
    expect((await realtime(c, g.id, { text: 'Bonjour' })).body.reply).toBe('Echo: Bonjour');
    const messages = lastMessages();
    expect(messages).toHaveLength(2);
    expect(messages[0].content).toContain("Écoutez d'abord.");
    expect(messages[0].content).toContain('language code is "fr"');
  });

  it('starting again forgets the turns said before', async () => {
    const g = await guestAtTalk(c);
    await realtime(c, `${g.id}/start`);
    await realtime(c, g.id, { text: 'Remember me' });
    await realtime(c, `${g.id}/start`);
    await realtime(c, g.id, { text: 'Do you?' });
    expect(lastMessages().map((m) => m.content)).not.toContain('Remember me');
  });
});

describe('who may talk', () => {
  it('refuses a guest that is not in a realtime AI session, and unknown guests', async () => {
    const g = await guestAtTalk(c);
    await g.say(REALTIME_AI_ENDED);
    await g.say(REALTIME_AI_ENDED);
    expect(await realtime(c, g.id, { text: 'Still there?' })).toMatchObject({
      status: 409,
      body: { success: false, message: 'This conversation is not in a realtime AI session' },
    });
    expect(await realtime(c, 'no-such-guest/start')).toMatchObject({
      status: 404,
      body: { success: false, message: 'Guest not found' },
    });
  });

  it('checks the page like the chat does; the bot owner may talk from the emulator', async () => {
    const g = await guestAtTalk(c);
    const elsewhere = await realtime(
      c,
      g.id,
      { text: 'Hi' },
      { 'x-botflow-origin': 'https://evil.example/' },
    );
    expect(elsewhere).toMatchObject({ status: 403, body: { success: false } });
    const nowhere = await request(c.base, `/api/realtime/${g.id}/start`, { method: 'POST' });
    expect(nowhere).toMatchObject({ status: 403, body: { success: false } });
    const owner = await realtime(c, g.id, { text: 'Hi' }, { 'x-botflow-origin': '', ...c.owner.headers });
    expect(owner).toMatchObject({ status: 200, body: { reply: 'Echo: Hi' } });
  });

  it('needs some words, and not too many', async () => {
    const g = await guestAtTalk(c);
    expect(await realtime(c, g.id, {})).toMatchObject({
      status: 400,
      body: { success: false, message: 'text is required' },
    });
    expect((await realtime(c, g.id, { text: '   ' })).body.message).toBe('text is required');
    expect((await realtime(c, g.id, { text: 'a'.repeat(2001) })).status).toBe(400);
  });
});

describe('without a working endpoint', () => {
  it('answers 503 when no endpoint is configured, and the flow still goes on', async () => {
    const g = await guestAtTalk(bare);
    for (const res of [await realtime(bare, `${g.id}/start`), await realtime(bare, g.id, { text: 'Hi' })]) {
      expect(res).toMatchObject({
        status: 503,
        body: { success: false, message: 'Realtime AI is not configured for this bot' },
      });
    }
    expect(contents(await g.say(REALTIME_AI_ENDED))).toEqual(['One more thing.', '']);
  });

  it('answers 502 with a message when the endpoint fails', async () => {
    const g = await guestAtTalk(broken);
    expect(await realtime(broken, `${g.id}/start`)).toMatchObject({
      status: 502,
      body: { success: false, message: 'The AI could not answer right now. Please try again later.' },
    });
  });
});
