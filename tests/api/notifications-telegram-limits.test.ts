// Issue 18 item 5, Telegram's limits beyond the token's rate: a turn of several messages to one
// chat keeps the chat's pace (a burst, then about one a second), and an API that answers 429 for
// good is not waited out forever — after RATE_LIMITED_FOR_MS the delivery is failed with the
// API's words, and the notification's log lists the guest among its failed recipients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { sealToken } from '../../server/repos/token-box.js';
import { newSession } from '../../server/runtime/session.js';
import { RATE_LIMITED_FOR_MS } from '../../server/notifications/deliver.js';
import { startFakeTelegram, DEV_TOKEN as TG_TOKEN, type FakeTelegram } from '../fixtures/fake-telegram.js';
import {
  addNotification,
  deliveries,
  drain,
  engineTest,
  MINUTE,
  nextMinute,
} from './notifications-engine-support.js';
import { node, publishTemplate, text, type ChatTest } from './chat-support.js';

describe('notification deliveries within Telegram’s chat pace, and a 429 that never ends', () => {
  let telegram: FakeTelegram;
  let c: ChatTest & { templateId: number };
  let clock: number;
  const T = nextMinute();

  async function telegramGuest(chatId: string) {
    const id = crypto.randomUUID();
    const now = Date.now();
    await c.t.app.db
      .insertInto('guest_sessions')
      .values({
        id,
        bot_id: c.botId,
        state: JSON.stringify({ ...newSession('main', 'en', { ENVIRONMENT: 'telegram' }), messageCount: 1 }),
        version: 1,
        created_at: now,
        updated_at: now,
        last_seen_at: now,
        channel: 'telegram',
        external_chat_id: chatId,
      } as never)
      .execute();
    return id;
  }

  beforeAll(async () => {
    telegram = await startFakeTelegram({ tokens: [TG_TOKEN] });
    c = await engineTest({ telegramApiBase: telegram.baseUrl, telegramChatIntervalMs: 1000 });
    await c.t.app.db
      .updateTable('bots')
      .set({ telegram_token: sealToken(c.t.app.db, TG_TOKEN) })
      .where('id', '=', c.botId)
      .execute();
    clock = T;
    c.t.app.notifications.now = () => clock;
  });
  afterAll(async () => {
    await c.t.close();
    await telegram.close();
  });

  it('sends a turn of five messages to one chat three at once, then one a second', async () => {
    await publishTemplate(c, 'five', [
      node('basic', 'five', { entries: ['one', 'two', 'three', 'four', 'five'].map((t) => text(t)) }),
    ]);
    const five = await c.t.app.db
      .selectFrom('flows')
      .select('id')
      .where('name', '=', 'five')
      .executeTakeFirstOrThrow();
    await telegramGuest('6001');
    const id = await addNotification(c, T, { name: 'Five', flow_template_id: five.id });
    await c.t.app.notifications.tick(T);
    await drain(c.t, 30_000);

    const sent = telegram.sent.get('6001') ?? [];
    expect(sent.map((m) => m.params.text)).toEqual(['one', 'two', 'three', 'four', 'five']);
    // The chat's burst is three: the fourth and fifth wait a chat interval each after the first.
    expect(sent[3].at - sent[0].at).toBeGreaterThanOrEqual(900);
    expect(sent[4].at - sent[0].at).toBeGreaterThanOrEqual(1900);
    expect((await deliveries(c.t, id)).map((r) => r.status)).toEqual(['sent']);
    await c.t.app.inject({
      method: 'DELETE',
      url: `/api/notification/${id}`,
      headers: c.owner.headers,
    });
  }, 60_000);

  it('fails a delivery the API keeps refusing with 429, with its words, in the log', async () => {
    const guestId = await telegramGuest('6002');
    const at = T + 60 * MINUTE;
    clock = at;
    const id = await addNotification(c, at, { name: 'Refused' });
    telegram.failNext('sendMessage', { status: 429, retryAfter: 1, times: 1_000 });
    await c.t.app.notifications.tick(at);
    // Refused, and refused again after its retry_after: still waiting, nothing failed yet.
    const refused = () => telegram.calls.filter((call) => call.status === 429).length;
    await expect.poll(refused, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(2);
    // (Both guests: the one of the test before is this notification's too.)
    expect((await deliveries(c.t, id)).map((r) => r.status)).toEqual(['sending', 'sending']);

    // Refused for longer than the delivery waits 429s out: failed at its next try.
    clock = at + RATE_LIMITED_FOR_MS;
    await drain(c.t, 20_000);
    const rows = await deliveries(c.t, id);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed']);
    const row = rows.find((r) => r.guest_id === guestId)!;
    expect(row.reason).toMatch(/Too Many Requests/);
    const listed = await c.t.app.inject({
      method: 'GET',
      url: '/api/notification',
      headers: c.owner.headers,
    });
    const notification = listed.json().notifications.find((n: { id: number }) => n.id === id);
    expect(notification.log.failed_recipients).toContainEqual({
      guest_id: guestId,
      channel: 'telegram',
      reason: row.reason,
    });
    expect(telegram.sent.get('6002') ?? []).toEqual([]);
  }, 60_000);
});
