// Issue 18 item 5, Telegram's limits beyond the token's rate: a turn of several messages to one
// chat keeps the chat's pace (a burst, then about one a second), and an API that answers 429 for
// good is not waited out forever — after RATE_LIMITED_FOR_MS the delivery is failed with the
// API's words, and the notification's log lists the guest among its failed recipients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITED_FOR_MS } from '../../server/notifications/deliver.js';
import { deliveryJob, DELIVER, DELIVER_BATCH, FANOUT } from '../../server/notifications/engine.js';
import { startFakeTelegram, DEV_TOKEN as TG_TOKEN, type FakeTelegram } from '../fixtures/fake-telegram.js';
import {
  addNotification,
  deliveries,
  drain,
  engineTest,
  MINUTE,
  nextMinute,
  setTelegramToken,
  telegramGuests,
} from './notifications-engine-support.js';
import { node, publishTemplate, text, type ChatTest } from './chat-support.js';

describe('notification deliveries within Telegram’s chat pace, and a 429 that never ends', () => {
  let telegram: FakeTelegram;
  let c: ChatTest & { templateId: number };
  let clock: number;
  const T = nextMinute();

  const telegramGuest = async (chatId: string) => (await telegramGuests(c, [chatId]))[0];

  beforeAll(async () => {
    telegram = await startFakeTelegram({ tokens: [TG_TOKEN] });
    c = await engineTest({ telegramApiBase: telegram.baseUrl, telegramChatIntervalMs: 1000 });
    await setTelegramToken(c, TG_TOKEN);
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

// A batch whose Telegram guests do not all fit in its token's next slots sends those that do and
// runs again for the rest; a guest it handed to a delivery job of its own (a 5xx, a 429) is that
// job's, and the batch's later runs leave it alone (both sending would send it twice).
describe('a batch put off for its token’s pace', () => {
  let telegram: FakeTelegram;
  let c: ChatTest & { templateId: number };
  const T = nextMinute();
  const GUESTS = 20;
  const ids: string[] = [];

  beforeAll(async () => {
    telegram = await startFakeTelegram({ tokens: [TG_TOKEN] });
    // 5 a second: a 2-second horizon holds about 10 of the 20, the batch runs again for the rest.
    c = await engineTest({ telegramApiBase: telegram.baseUrl, telegramSendsPerSecond: 5 });
    // Jobs run when the test says (runDue), so the batch runs before the handed-over guest's job.
    await c.t.app.jobs.stop();
    await setTelegramToken(c, TG_TOKEN);
    ids.push(
      ...(await telegramGuests(
        c,
        Array.from({ length: GUESTS }, (_, i) => String(8000 + i)),
      )),
    );
    c.t.app.notifications.now = () => T;
  });
  afterAll(async () => {
    await c.t.close();
    await telegram.close();
  });

  const texts = (i: number) => (telegram.sent.get(String(8000 + i)) ?? []).map((m) => m.params.text);

  it('sends the others once across its runs and leaves the handed-over guest to its own job', async () => {
    const id = await addNotification(c, T);
    await c.t.app.notifications.tick(T);
    // As an earlier run of the batch would have: this guest handed to its own job, due later.
    const handed = 0;
    await c.t.app.jobs.enqueue({
      ...deliveryJob('notification', id, ids[handed], T, 'tips'),
      delayMs: 60 * MINUTE,
    });
    const batchesLeft = async () =>
      Number(
        (
          await c.t.app.db
            .selectFrom('jobs')
            .select((e) => e.fn.countAll().as('n'))
            .where('kind', 'in', [FANOUT, DELIVER_BATCH])
            .where('state', 'in', ['queued', 'running'])
            .executeTakeFirstOrThrow()
        ).n,
      );
    const until = Date.now() + 30_000;
    while ((await batchesLeft()) > 0 && Date.now() < until) {
      await c.t.app.jobs.runDue();
      await c.t.app.jobs.idle();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await batchesLeft()).toBe(0);
    for (let i = 0; i < GUESTS; i++)
      expect(texts(i)).toEqual(i === handed ? [] : ['Tip of the day, telegram']);

    // Its own job, due now: the guest gets it once.
    await c.t.app.db.updateTable('jobs').set({ run_at: 0 }).where('kind', '=', DELIVER).execute();
    await drain(c.t, 20_000);
    for (let i = 0; i < GUESTS; i++) expect(texts(i)).toEqual(['Tip of the day, telegram']);
    const rows = await deliveries(c.t, id);
    expect(rows).toHaveLength(GUESTS);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  }, 90_000);
});
