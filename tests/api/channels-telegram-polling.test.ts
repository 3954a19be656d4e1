// TELEGRAM_MODE=polling: no webhook; the server reads updates with getUpdates (one poller job for
// the deployment) and answers them as it answers webhook updates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_TOKEN, startFakeTelegram, type FakeTelegram } from '../fixtures/fake-telegram.js';
import { withHeaders } from '../fixtures/bot-api.js';
import { multipart } from './helpers.js';
import { chatTest, link, node, publish, text, type ChatTest } from './chat-support.js';

let fake: FakeTelegram;
let c: ChatTest;

beforeAll(async () => {
  fake = await startFakeTelegram();
  c = await chatTest({ telegramApiBase: fake.baseUrl, telegramMode: 'polling' });
  const echo = node('basic', 'echo', {
    entries: [
      { type: 'variable', name: 'said', default: '', variableType: 'text', wait: true },
      text('got ${{said}}'),
    ],
  });
  await publish(c, [link(node('basic', 'hi', { entries: [text('ready')] }), 'echo'), link(echo, 'echo')]);
});

afterAll(async () => {
  await c.t.close();
  await fake.close();
});

describe('polling mode', () => {
  it('sets no webhook and answers the updates it polls, once each', async () => {
    const body = multipart({ bot_id: String(c.botId), telegram_token: DEV_TOKEN });
    const saved = await c.t.app.inject({ method: 'PUT', url: '/api/bot', ...withHeaders(body, c.owner) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(fake.webhookOf(DEV_TOKEN)).toBeNull();
    expect(fake.calls.some((call) => call.method === 'setWebhook')).toBe(false);
    await fake.deliver(DEV_TOKEN, fake.message(41, '/start'));
    await fake.deliver(DEV_TOKEN, fake.message(41, 'hello'));
    const sent = await fake.waitForSent(41, 2, 15_000);
    expect(sent.map((m) => m.params.text)).toEqual(['ready', 'got hello']);
    const jobs = await c.t.app.db
      .selectFrom('jobs')
      .select('kind')
      .where('kind', '=', 'telegram.poll')
      .execute();
    expect(jobs).toHaveLength(1);
  });
});
