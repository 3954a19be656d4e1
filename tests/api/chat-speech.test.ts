// POST /api/tts and /api/stt through a local OpenAI-compatible server, and the clear 503 the
// widget falls back on when no endpoint is configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentWav, startFakeLlm, type FakeLlm } from '../fixtures/fake-llm.js';
import { chatTest, guest, node, publish, request, text, type ChatTest } from './chat-support.js';

let llm: FakeLlm;
let c: ChatTest;
let bare: ChatTest;

beforeAll(async () => {
  llm = await startFakeLlm();
  c = await chatTest({ llmBaseUrl: llm.baseUrl, llmApiKey: llm.apiKey }, { tts_gender: 1 });
  bare = await chatTest();
});

afterAll(async () => {
  await c.t.close();
  await bare.t.close();
  await llm.close();
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

function recording() {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(silentWav(400))], { type: 'audio/wav' }), 'voice.wav');
  form.append('lang', 'fr');
  return form;
}

describe('text to speech', () => {
  it('speaks the spoken side of [[written:spoken]] without emoji, in the voice the bot owner chose', async () => {
    await publish(c, [node('basic', 'hi', { entries: [text('Hi')] })]);
    const g = guest(c);
    await g.say('Hello', { ignore_saving: '1' });
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
