// A delay in the flow spaces out a channel's messages as the web's reply queue does (issue 16), on
// SQLite and PostgreSQL against both fakes: on Telegram "typing…" (sendChatAction) then the wait,
// on WhatsApp the wait alone; the message after the delay is sent no sooner than the delay, and
// other conversations are answered meanwhile (the waiting chat holds no runner).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTelegram, type FakeTelegram } from '../fixtures/fake-telegram.js';
import { startFakeWhatsApp, type FakeWhatsApp } from '../fixtures/fake-whatsapp.js';
import { postTelegram, whatsAppChatTest, withTelegram } from './channel-test-support.js';
import { link, node, publish, text, type ChatTest } from './chat-support.js';

const SECRET = 'delay-app-secret';
const DELAY_S = 1;
let telegram: FakeTelegram;
let whatsapp: FakeWhatsApp;
let c: ChatTest;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  whatsapp = await startFakeWhatsApp();
  c = await withTelegram(await whatsAppChatTest(whatsapp, SECRET, { telegramApiBase: telegram.baseUrl }));
  await publish(c, [
    link(
      node('basic', 'hello', {
        entries: [text('First'), { type: 'delay', seconds: DELAY_S }, text('After the delay')],
      }),
      'more',
    ),
    node('basic', 'more', { entries: [text('Last'), { type: 'delay', seconds: 30 }] }),
  ]);
});

afterAll(async () => {
  await c.t.close();
  await telegram.close();
  await whatsapp.close();
});

const post = (update: Record<string, unknown>) => postTelegram(c, telegram, update);

describe('a delay in the flow on Telegram', () => {
  it('says "typing…", waits, then sends; another chat is answered meanwhile', async () => {
    await post(telegram.message(71, '/start'));
    await telegram.waitForSent(71, 1);
    // While chat 71 waits out its delay, chat 72 starts and gets its first message.
    await post(telegram.message(72, '/start'));
    await telegram.waitForSent(72, 1);
    const sent = await telegram.waitForSent(71, 3, 10_000);
    expect(sent.map((m) => m.params.text)).toEqual(['First', 'After the delay', 'Last']);

    const calls = telegram.calls.filter((call) => String(call.params.chat_id) === '71');
    expect(calls.map((call) => call.method)).toEqual([
      'sendMessage',
      'sendChatAction',
      'sendMessage',
      'sendMessage',
    ]);
    expect(calls[1].params).toEqual({ chat_id: '71', action: 'typing' });
    // The message after the delay comes no sooner than the delay after "typing…" (a trailing
    // delay adds nothing: no "typing…" for a message that never comes).
    expect(calls[2].at - calls[1].at).toBeGreaterThanOrEqual(DELAY_S * 1000);
    const other = telegram.sent.get('72')!;
    expect(other[0].at).toBeLessThan(sent[1].at);
  });
});

describe('a delay in the flow on WhatsApp', () => {
  it('waits between the messages', async () => {
    const guest = '15550007171';
    expect(await whatsapp.deliver(whatsapp.text(guest, 'hi'))).toBe(200);
    const sent = await whatsapp.waitForSent(guest, 3, 10_000);
    expect(sent.map((m) => (m.body.text as { body: string }).body)).toEqual([
      'First',
      'After the delay',
      'Last',
    ]);
    const sends = whatsapp.requests.filter(
      (r) => r.method === 'POST' && (r.body as { to?: string }).to === guest,
    );
    expect(sends).toHaveLength(3);
    // The message after the delay comes no sooner than the delay after the first.
    expect(sends[1].at - sends[0].at).toBeGreaterThanOrEqual(DELAY_S * 1000);
  });
});
