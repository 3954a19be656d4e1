// Issue 18 item 5, "Telegram: sent through the bot API with its rate limits": an occurrence to 60
// Telegram guests of one bot, with the fake enforcing Telegram's broadcast limit (N sends a second
// per token, then 429 with retry_after) and the server paced to the same N. Every guest gets the
// message exactly once, the pacing keeps the 429s to a stray few, and a guest that got a 429 is
// sent again only after its retry_after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTelegram, DEV_TOKEN as TG_TOKEN, type FakeTelegram } from '../fixtures/fake-telegram.js';
import {
  addNotification,
  deliveries,
  drain,
  engineTest,
  nextMinute,
  setTelegramToken,
  telegramGuests,
} from './notifications-engine-support.js';
import type { ChatTest } from './chat-support.js';

const PER_SECOND = 10;
const GUESTS = 60;

describe('notification deliveries within Telegram’s rate limit', () => {
  let telegram: FakeTelegram;
  let c: ChatTest & { templateId: number };
  const T = nextMinute();

  beforeAll(async () => {
    telegram = await startFakeTelegram({ tokens: [TG_TOKEN], sendsPerSecond: PER_SECOND });
    c = await engineTest({
      telegramApiBase: telegram.baseUrl,
      telegramSendsPerSecond: PER_SECOND,
      // Several batches at once, each reserving its slots from the one token's budget.
      notificationBatch: 20,
    });
    await setTelegramToken(c, TG_TOKEN);
    await telegramGuests(
      c,
      Array.from({ length: GUESTS }, (_, i) => String(7000 + i)),
    );
    c.t.app.notifications.now = () => T;
  });
  afterAll(async () => {
    await c.t.close();
    await telegram.close();
  });

  it('reaches every guest once, paced, and waits out a 429’s retry_after', async () => {
    const id = await addNotification(c, T);
    await c.t.app.notifications.tick(T);
    await drain(c.t, 90_000);

    for (let i = 0; i < GUESTS; i++) {
      expect((telegram.sent.get(String(7000 + i)) ?? []).map((m) => m.params.text)).toEqual([
        'Tip of the day, telegram',
      ]);
    }
    const rows = await deliveries(c.t, id);
    expect(rows).toHaveLength(GUESTS);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);

    const sends = telegram.calls.filter((call) => call.method === 'sendMessage');
    const refused = sends.filter((call) => call.status === 429);
    // Unpaced, all but the first N of the 60 would be refused; paced, at most a stray few.
    expect(refused.length).toBeLessThanOrEqual(GUESTS / 10);
    // A refused guest's next call came after the retry_after the fake asked for (at least 1 s).
    for (const no of refused) {
      const next = sends.find((call) => call.params.chat_id === no.params.chat_id && call.at > no.at);
      expect(next).toBeDefined();
      expect(next!.at - no.at).toBeGreaterThanOrEqual(1000);
    }
  }, 120_000);
});
