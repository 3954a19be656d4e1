// Telegram's rate limits kept before sending (issue 16 item 3): a burst of updates to one chat is
// answered in order, each reply once, the replies spaced at about one a second past a short burst
// of 3 (Telegram answers 429 past that); another chat is not held up by it; the bot token's
// budget is reserved in the database (shared by the server instances). On SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTelegram } from '../../server/channels/telegram/connect.js';
import { DEV_TOKEN, startFakeTelegram, type FakeTelegram } from '../fixtures/fake-telegram.js';
import { chatTest, link, node, publish, text, type ChatTest } from './chat-support.js';

let fake: FakeTelegram;
let c: ChatTest;

beforeAll(async () => {
  fake = await startFakeTelegram();
  // Telegram's limits as deployed (the other tests leave a chat unpaced).
  c = await chatTest({
    telegramApiBase: fake.baseUrl,
    telegramChatIntervalMs: 1000,
    telegramSendsPerSecond: 30,
  });
  await c.t.app.db.updateTable('bots').set({ telegram_token: DEV_TOKEN }).where('id', '=', c.botId).execute();
  await connectTelegram(c.t.app.db, c.t.config, c.botId, DEV_TOKEN);
  const echo = node('basic', 'echo', {
    entries: [
      { type: 'variable', name: 'said', default: '', variableType: 'text', wait: true },
      text('got ${{said}}'),
    ],
  });
  await publish(c, [link(node('basic', 'hi', { entries: [text('ready')] }), 'echo'), link(echo, 'echo')]);
});

afterAll(async () => {
  await c?.t.close();
  await fake?.close();
});

async function post(update: Record<string, unknown>) {
  const res = await fetch(`${c.base}/api/channels/telegram/${c.botId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-telegram-bot-api-secret-token': fake.webhookOf(DEV_TOKEN)!.secret_token!,
    },
    body: JSON.stringify(update),
  });
  expect(res.status).toBe(200);
}

describe('pacing Telegram sends', () => {
  it('spaces a burst to one chat, in order, losing nothing, without holding up another chat', async () => {
    const busy = 41;
    const other = 42;
    const burst = ['/start', ...Array.from({ length: 6 }, (_, i) => `m${i}`)];
    for (const words of burst) await post(fake.message(busy, words));
    await post(fake.message(other, '/start'));

    const sent = await fake.waitForSent(busy, burst.length, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(fake.sent.get(String(busy))!.map((m) => m.params.text)).toEqual([
      'ready',
      ...Array.from({ length: 6 }, (_, i) => `got m${i}`),
    ]);
    // Past a burst of 3, one a second: 7 replies span at least 4 s (a lower bound only: a slow
    // machine spaces them more, never less).
    expect(sent[6].at - sent[0].at).toBeGreaterThanOrEqual(3_500);
    // The other chat's reply did not wait for the busy chat's paced ones.
    const answered = fake.sent.get(String(other))!;
    expect(answered.map((m) => m.params.text)).toEqual(['ready']);
    expect(answered[0].at).toBeLessThan(sent[6].at);
    // Nothing was refused or sent twice on the way.
    expect(fake.calls.filter((call) => call.method === 'sendMessage' && call.status !== 200)).toEqual([]);

    // The bot token's budget is one row in the database, moved on by every message.
    const budgets = await c.t.app.db.selectFrom('channel_pace').selectAll().execute();
    expect(budgets).toHaveLength(1);
    expect(budgets[0].pace_key).toMatch(/^telegram:[0-9a-f]{24}$/);
    expect(Number(budgets[0].tat)).toBeGreaterThanOrEqual(sent[6].at - 1_000);
  }, 60_000);
});
