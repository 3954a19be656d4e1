// POST /api/tts and /api/stt through a local OpenAI-compatible server (tests/fixtures/fake-llm.ts:
// /v1/audio/speech, /v1/audio/transcriptions), the voice picked by the bot's tts_gender, the
// bot's "External API" switches (off: its guests are refused, the server is never asked), and
// the clear 503 the widget falls back on when no endpoint is configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowNode } from '../../src/core/flow/index.js';
import { silentWav, startFakeLlm, type FakeLlm } from '../fixtures/fake-llm.js';
import { chatTest, guest, node, publish, request, text, type ChatTest } from './chat-support.js';

let llm: FakeLlm;
let c: ChatTest;
let female: ChatTest;
let off: ChatTest;
let bare: ChatTest;

const SWITCHES_ON = { use_tts: true, use_ext_tts: true, use_stt: true, use_ext_stt: true };

beforeAll(async () => {
  llm = await startFakeLlm();
  const endpoint = { llmBaseUrl: llm.baseUrl, llmApiKey: llm.apiKey };
  c = await chatTest(endpoint, { ...SWITCHES_ON, tts_gender: 1 });
  female = await chatTest(endpoint, { ...SWITCHES_ON, tts_gender: 2 });
  off = await chatTest(endpoint, { use_tts: true, use_ext_tts: false, use_stt: true, use_ext_stt: false });
  bare = await chatTest();
});

afterAll(async () => {
  for (const test of [c, female, off, bare]) await test.t.close();
  await llm.close();
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

function recording(guestId?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(silentWav(400))], { type: 'audio/wav' }), 'voice.wav');
  form.append('lang', 'fr');
  if (guestId) form.append('guest_id', guestId);
  return form;
}

const versions = new Map<ChatTest, number>();

/** A guest of the test's bot, after the opener of the flow (published over the last one). */
async function guestOf(test: ChatTest, nodes: FlowNode[] = [node('basic', 'hi', { entries: [text('Hi')] })]) {
  versions.set(test, await publish(test, nodes, versions.get(test) ?? 0));
  const g = guest(test);
  await g.say('Hello', { ignore_saving: '1' });
  return g;
}

describe('text to speech', () => {
  it('speaks the spoken side of [[written:spoken]] without emoji, in the voice the bot owner chose', async () => {
    const g = await guestOf(c);
    const res = await request(
      c.base,
      '/api/tts',
      json({ text: 'See [[Dr.:Doctor]] Who 😀', lang: 'en', guest_id: g.id }),
    );
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(Buffer.from(res.body.base64, 'base64').subarray(0, 4).toString()).toBe('RIFF');
    expect(llm.requests.at(-1)?.json).toMatchObject({
      input: 'See Doctor Who',
      voice: 'onyx',
      response_format: 'wav',
    });
  });

  it('speaks in a female voice (nova) when the bot owner chose female', async () => {
    const g = await guestOf(female);
    const res = await request(
      female.base,
      '/api/tts',
      json({ text: 'Hello there', lang: 'en', guest_id: g.id }),
    );
    expect(res.status).toBe(200);
    expect(llm.requests.at(-1)).toMatchObject({ path: '/v1/audio/speech', json: { voice: 'nova' } });
  });

  it('refuses a guest whose bot has External API text to speech off, without asking the server', async () => {
    const g = await guestOf(off);
    const asked = llm.requests.length;
    const res = await request(off.base, '/api/tts', json({ text: 'Hello', lang: 'en', guest_id: g.id }));
    expect(res).toMatchObject({
      status: 403,
      body: { success: false, message: expect.stringContaining('off') },
    });
    expect(llm.requests.length).toBe(asked);
  });

  it('speaks for a guest in realtime AI even with the switch off (a server voice by nature)', async () => {
    const g = await guestOf(off, [node('realtime-ai', 'voice', { prompt: { en: 'You sell tea.' } })]);
    const res = await request(off.base, '/api/tts', json({ text: 'Hello', lang: 'en', guest_id: g.id }));
    expect(res.status).toBe(200);
    expect(llm.requests.at(-1)?.path).toBe('/v1/audio/speech');
  });

  it('needs a signed-in user or a known guest', async () => {
    expect((await request(c.base, '/api/tts', json({ text: 'hi' }, c.owner.headers))).status).toBe(200);
    const res = await request(c.base, '/api/tts', json({ text: 'hi', guest_id: 'nobody' }));
    expect(res).toMatchObject({ status: 401, body: { success: false } });
    expect((await request(c.base, '/api/tts', json({}, c.owner.headers))).status).toBe(400);
  });

  it('answers 503 with a message when no endpoint is configured', async () => {
    const res = await request(bare.base, '/api/tts', json({ text: 'hi' }, bare.owner.headers));
    expect(res).toMatchObject({
      status: 503,
      body: { success: false, message: expect.stringContaining('not configured') },
    });
  });
});

describe('speech to text', () => {
  it('transcribes a recording', async () => {
    const res = await request(c.base, '/api/stt', {
      method: 'POST',
      body: recording(),
      headers: c.owner.headers,
    });
    expect(res).toMatchObject({
      status: 200,
      body: { success: true, transcript: `heard ${silentWav(400).length} bytes` },
    });
    expect(llm.requests.at(-1)?.form).toMatchObject({
      fields: { model: 'whisper-1', language: 'fr' },
      fileName: 'voice.wav',
    });
  });

  it("transcribes a guest's recording when the bot's switch is on, and refuses it when off", async () => {
    const on = await guestOf(c);
    const res = await request(c.base, '/api/stt', { method: 'POST', body: recording(on.id) });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect(llm.requests.at(-1)?.path).toBe('/v1/audio/transcriptions');

    const g = await guestOf(off);
    const asked = llm.requests.length;
    const refused = await request(off.base, '/api/stt', { method: 'POST', body: recording(g.id) });
    expect(refused).toMatchObject({ status: 403, body: { message: expect.stringContaining('off') } });
    expect(llm.requests.length).toBe(asked);
  });

  it('needs a file, and answers 503 with a message when no endpoint is configured', async () => {
    const empty = new FormData();
    empty.append('lang', 'en');
    expect(
      (await request(c.base, '/api/stt', { method: 'POST', body: empty, headers: c.owner.headers })).status,
    ).toBe(400);
    const res = await request(bare.base, '/api/stt', {
      method: 'POST',
      body: recording(),
      headers: bare.owner.headers,
    });
    expect(res).toMatchObject({ status: 503, body: { message: expect.stringContaining('not configured') } });
  });
});
