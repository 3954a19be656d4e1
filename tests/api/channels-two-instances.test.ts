// Two server instances on one database receive the webhooks of one Telegram chat alternately
// (no sticky routing, as behind a load balancer): every update is answered once, in order, by
// whichever instance's runner takes the conversation's lease (issue 16 item 3). On SQLite (one
// file) and PostgreSQL (one schema).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTelegram } from '../../server/channels/telegram/connect.js';
import { createBot, customer } from '../fixtures/bot-api.js';
import { DEV_TOKEN, startFakeTelegram, type FakeTelegram } from '../fixtures/fake-telegram.js';
import { link, listen, node, publish, text, type ChatTest } from './chat-support.js';
import { createTestDatabase, createTestInstance, type TestDatabase } from './helpers.js';

let fake: FakeTelegram;
let database: TestDatabase;
let a: ChatTest;
let b: ChatTest;

beforeAll(async () => {
  fake = await startFakeTelegram();
  database = await createTestDatabase();
  const first = await createTestInstance(database, { telegramApiBase: fake.baseUrl });
  const second = await createTestInstance(database, { telegramApiBase: fake.baseUrl });
  const owner = await customer(first);
  const bot = await createBot(first, owner);
  a = { t: first, base: await listen(first), owner, botId: bot.id as number };
  b = { t: second, base: await listen(second), owner, botId: bot.id as number };
  await first.app.db
    .updateTable('bots')
    .set({ telegram_token: DEV_TOKEN })
    .where('id', '=', a.botId)
    .execute();
  await connectTelegram(first.app.db, first.config, a.botId, DEV_TOKEN);
  const echo = node('basic', 'echo', {
    entries: [
      { type: 'variable', name: 'said', default: '', variableType: 'text', wait: true },
      text('got ${{said}}'),
    ],
  });
  await publish(a, [link(node('basic', 'hi', { entries: [text('ready')] }), 'echo'), link(echo, 'echo')]);
});

afterAll(async () => {
  for (const instance of [a, b]) await instance?.t.close();
  await database?.remove();
  await fake?.close();
});

describe('one chat, two instances', () => {
  it('answers every update once and in order', async () => {
    const secret = fake.webhookOf(DEV_TOKEN)!.secret_token!;
    const chatId = 31;
    const updates = [
      fake.message(chatId, '/start'),
      ...Array.from({ length: 12 }, (_, i) => fake.message(chatId, `m${i}`)),
    ];
    let n = 0;
    for (const update of updates) {
      // Alternate instances, and deliver every third update twice (a Telegram retry).
      const deliveries = n % 3 === 2 ? 2 : 1;
      for (let d = 0; d < deliveries; d++) {
        const base = [a, b][n++ % 2].base;
        const res = await fetch(`${base}/api/channels/telegram/${a.botId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
          body: JSON.stringify(update),
        });
        expect(res.status).toBe(200);
      }
    }
    const sent = await fake.waitForSent(chatId, 13, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fake.sent.get(String(chatId))!.map((m) => m.params.text)).toEqual([
      'ready',
      ...Array.from({ length: 12 }, (_, i) => `got m${i}`),
    ]);
    expect(sent).toHaveLength(13);
  });
});
