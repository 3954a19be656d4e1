// STOP from a channel (issue 18): the inbound Telegram handling switches the guest's notifications
// off as the message arrives and says so, without a turn of the flow; other words still chat.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_TOKEN, startFakeTelegram, type FakeTelegram } from '../fixtures/fake-telegram.js';
import { withHeaders } from '../fixtures/bot-api.js';
import { NOTIFICATIONS_STOPPED } from '../../server/channels/stop-notifications.js';
import { guestSettings } from '../../server/notifications/guest-settings.js';
import { findChannelGuestId } from '../../server/repos/guests.js';
import { multipart } from './helpers.js';
import { chatTest, node, publish, text, type ChatTest } from './chat-support.js';

let fake: FakeTelegram;
let c: ChatTest;

async function post(update: Record<string, unknown>) {
  const hook = fake.webhookOf(DEV_TOKEN)!;
  const res = await fetch(`${c.base}/api/channels/telegram/${c.botId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-telegram-bot-api-secret-token': hook.secret_token ?? '',
    },
    body: JSON.stringify(update),
  });
  return res.status;
}

const texts = (chatId: number) => (fake.sent.get(String(chatId)) ?? []).map((m) => m.params.text);

beforeAll(async () => {
  fake = await startFakeTelegram();
  c = await chatTest({ telegramApiBase: fake.baseUrl });
  await publish(c, [node('basic', 'hello', { entries: [text('Hello there')] })]);
  const body = multipart({ bot_id: String(c.botId), telegram_token: DEV_TOKEN });
  const saved = await c.t.app.inject({ method: 'PUT', url: '/api/bot', ...withHeaders(body, c.owner) });
  expect(saved.statusCode, saved.body).toBe(200);
});

afterAll(async () => {
  await c.t.close();
  await fake.close();
});

describe('STOP on Telegram', () => {
  it('switches the guest off at once and says so, without running the flow', async () => {
    expect(await post(fake.message(31, 'hi'))).toBe(200);
    await fake.waitForSent(31, 1);
    const guestId = (await findChannelGuestId(c.t.app.db, c.botId, { channel: 'telegram', chatId: '31' }))!;
    expect(guestId).toBeTruthy();
    expect((await guestSettings(c.t.app.db, guestId))?.off ?? 0).toBe(0);

    expect(await post(fake.message(31, 'Stop'))).toBe(200);
    await fake.waitForSent(31, 2);
    expect(texts(31).at(-1)).toBe(NOTIFICATIONS_STOPPED);
    expect((await guestSettings(c.t.app.db, guestId))?.off).toBe(1);
    // No turn ran for it: the conversation holds only the first exchange.
    const turns = await c.t.app.db
      .selectFrom('conversation_turns')
      .select('messages')
      .where('guest_id', '=', guestId)
      .execute();
    expect(turns.map((t) => t.messages).join('')).not.toContain('Stop');
  });

  it('answers STOP from a chat the bot never answered, with nothing to switch', async () => {
    expect(await post(fake.message(32, 'STOP'))).toBe(200);
    await fake.waitForSent(32, 1);
    expect(texts(32)).toEqual([NOTIFICATIONS_STOPPED]);
    expect(await findChannelGuestId(c.t.app.db, c.botId, { channel: 'telegram', chatId: '32' })).toBeNull();
  });
});
