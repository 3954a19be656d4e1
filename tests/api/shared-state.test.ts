// Two server instances on one database, behind no sticky routing (issue 14, no per-instance
// state): requests alternate between them, and the auth rate limit's budget and a realtime AI
// conversation's history carry across. Runs on SQLite (one file) and PostgreSQL (one schema).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countHit, deleteEndedWindows, readHits } from '../../server/repos/rate-limits.js';
import { deleteIdleVoiceHistories, findVoiceHistory } from '../../server/repos/voice-histories.js';
import { MAX_KEPT_MESSAGES } from '../../server/routes/realtime/voice-history.js';
import { OPENING_CUE } from '../../server/routes/realtime/voice-prompt.js';
import { REALTIME_AI_ENDED } from '../../server/runtime/replies.js';
import { createBot, customer } from '../fixtures/bot-api.js';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm.js';
import {
  PAGE,
  chat,
  contents,
  guest,
  link,
  listen,
  node,
  publish,
  request,
  text,
  type ChatTest,
  type Loose,
} from './chat-support.js';
import { itSpendsOneBudget } from './auth-budget-support.js';
import { createTestDatabase, createTestInstance, type TestDatabase } from './helpers.js';

const LIMIT = 3;

let llm: FakeLlm;
let database: TestDatabase;
/** The two instances, as the chat tests see a server. */
let a: ChatTest;
let b: ChatTest;

beforeAll(async () => {
  llm = await startFakeLlm();
  database = await createTestDatabase();
  const overrides = { authRateLimit: LIMIT, llmBaseUrl: llm.baseUrl, llmApiKey: llm.apiKey };
  const first = await createTestInstance(database, overrides);
  const second = await createTestInstance(database, overrides);
  const owner = await customer(first);
  const bot = await createBot(first, owner, { supported_languages: [2, 3] });
  a = { t: first, base: await listen(first), owner, botId: bot.id as number };
  b = { t: second, base: await listen(second), owner, botId: bot.id as number };
  await publish(a, [
    link(node('basic', 'hi', { entries: [text('Let us talk.')] }), 'talk'),
    link(
      node('realtime-ai', 'talk', {
        prompt: { en: 'You sell tea to ${{name}}.' },
        waitForUserInteraction: false,
      }),
      'bye',
    ),
    node('basic', 'bye', { entries: [text('Thanks for talking with us!')] }),
  ]);
});

afterAll(async () => {
  for (const instance of [a, b]) await instance?.t.close();
  await database?.remove();
  await llm?.close();
});

describe('the auth rate limit across two instances', () => {
  itSpendsOneBudget(() => [a.t, b.t], LIMIT, 'spends one budget per address, wherever the calls land');

  it('never loses a call counted by both instances at once', async () => {
    const now = Date.now();
    const counted = await Promise.all(
      Array.from({ length: 20 }, (_, i) => countHit([a, b][i % 2].t.app.db, 'concurrent key', 60_000, now)),
    );
    expect(counted.map((c) => c.hits).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('starts a new window when the last one ended, and deletes ended windows', async () => {
    const db = a.t.app.db;
    expect(await countHit(db, 'test key', 1000, 10_000)).toEqual({ hits: 1, windowEnd: 11_000 });
    expect(await countHit(db, 'test key', 1000, 10_999)).toEqual({ hits: 2, windowEnd: 11_000 });
    expect(await readHits(db, 'test key', 10_999)).toEqual({ hits: 2, windowEnd: 11_000 });
    expect(await countHit(db, 'test key', 1000, 11_000)).toEqual({ hits: 1, windowEnd: 12_000 });
    expect(await deleteEndedWindows(db, 12_000)).toBe(1);
    expect(await readHits(db, 'test key', 0)).toEqual({ hits: 0, windowEnd: 0 });
  });
});

describe('a realtime AI conversation across two instances', () => {
  function realtime(on: ChatTest, path: string, body?: unknown) {
    return request(on.base, `/api/realtime/${path}`, {
      method: 'POST',
      headers: {
        'x-botflow-origin': PAGE,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
  const lastMessages = () => llm.requests.at(-1)?.json?.messages as Loose[];

  it('goes on with its history on the other instance, and starts afresh on either', async () => {
    const g = guest(a, { custom_env_variables: JSON.stringify({ name: 'Ada' }) });
    expect((await g.say('Hello', { ignore_saving: '1' })).map((r) => r.type)).toEqual([
      'text',
      'realtime-ai',
    ]);

    const start = await realtime(b, `${g.id}/start`);
    expect(start).toMatchObject({ status: 200, body: { reply: `Echo: ${OPENING_CUE}` } });
    expect(lastMessages()[0].content).toContain('You sell tea to Ada.');

    expect((await realtime(a, g.id, { text: 'Which tea is best?' })).body.reply).toBe(
      'Echo: Which tea is best?',
    );
    expect(lastMessages().slice(1)).toEqual([
      { role: 'user', content: OPENING_CUE },
      { role: 'assistant', content: `Echo: ${OPENING_CUE}` },
      { role: 'user', content: 'Which tea is best?' },
    ]);
    await realtime(b, g.id, { text: 'And for the evening?' });
    expect(
      lastMessages()
        .slice(1)
        .map((m) => m.content),
    ).toEqual([
      OPENING_CUE,
      `Echo: ${OPENING_CUE}`,
      'Which tea is best?',
      'Echo: Which tea is best?',
      'And for the evening?',
    ]);

    // Starting again on A forgets what was said through both.
    await realtime(a, `${g.id}/start`);
    await realtime(b, g.id, { text: 'Do you remember?' });
    expect(lastMessages().map((m) => m.content)).not.toContain('Which tea is best?');
    expect(lastMessages()).toHaveLength(4);

    // The flow goes on from either instance.
    const ended = await chat(b, { message: REALTIME_AI_ENDED, guest_id: g.id });
    expect(contents(ended.body.reply as Loose[])).toEqual(['Thanks for talking with us!']);
  });

  it('keeps the same number of turns as before, whichever instance adds them', async () => {
    const g = guest(b);
    await g.say('Hello', { ignore_saving: '1' });
    await realtime(a, `${g.id}/start`);
    for (let i = 0; i < MAX_KEPT_MESSAGES; i++) await realtime([a, b][i % 2], g.id, { text: `Turn ${i}` });
    // The system message, the kept turns and the new words.
    expect(lastMessages()).toHaveLength(1 + MAX_KEPT_MESSAGES + 1);
    const stored = await findVoiceHistory(a.t.app.db, g.id);
    expect(stored?.messages).toHaveLength(MAX_KEPT_MESSAGES);
    expect(stored?.messages.at(-1)).toEqual({
      role: 'assistant',
      content: `Echo: Turn ${MAX_KEPT_MESSAGES - 1}`,
    });

    // A history nobody spoke into for half an hour is deleted.
    expect(await deleteIdleVoiceHistories(b.t.app.db, stored!.updatedAt + 1)).toBeGreaterThanOrEqual(1);
    expect(await findVoiceHistory(a.t.app.db, g.id)).toBeNull();
  });
});
