// STOP and START from the channels (issue 18 item 5, and its mirror): a guest who sends STOP on
// Telegram or WhatsApp is sent no occurrence; START (or "unstop", "subscribe", "resume") switches
// notifications back on with a reply, and the next occurrence reaches the guest. Real HTTP: the
// webhooks are posted as the fakes post them, and deliveries are counted at the fakes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_TOKEN as TG_TOKEN, startFakeTelegram, type FakeTelegram } from '../fixtures/fake-telegram.js';
import {
  DEV_PHONE_ID,
  DEV_TOKEN as WA_TOKEN,
  startFakeWhatsApp,
  type FakeWhatsApp,
} from '../fixtures/fake-whatsapp.js';
import { withHeaders } from '../fixtures/bot-api.js';
import { NOTIFICATIONS_STARTED, NOTIFICATIONS_STOPPED } from '../../server/channels/stop-notifications.js';
import { guestSettings } from '../../server/notifications/guest-settings.js';
import { findChannelGuestId } from '../../server/repos/guests.js';
import { multipart } from './helpers.js';
import { addNotification, drain, engineTest, MINUTE, nextMinute } from './notifications-engine-support.js';
import type { ChatTest } from './chat-support.js';

const SECRET = 'start-test-app-secret';
const TG_CHAT = 41;
const WA_NUMBER = '15550004141';

let telegram: FakeTelegram;
let whatsapp: FakeWhatsApp;
let c: ChatTest & { templateId: number };
const T = nextMinute();

async function telegramSays(text: string) {
  const hook = telegram.webhookOf(TG_TOKEN)!;
  const res = await fetch(`${c.base}/api/channels/telegram/${c.botId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-telegram-bot-api-secret-token': hook.secret_token ?? '',
    },
    body: JSON.stringify(telegram.message(TG_CHAT, text)),
  });
  expect(res.status).toBe(200);
}

async function whatsappSays(text: string) {
  expect(await whatsapp.deliver(whatsapp.text(WA_NUMBER, text))).toBe(200);
}

const telegramTexts = () => (telegram.sent.get(String(TG_CHAT)) ?? []).map((m) => m.params.text);
const whatsappTexts = () =>
  (whatsapp.sent.get(WA_NUMBER) ?? []).map((m) => (m.body.text as { body?: string } | undefined)?.body);

async function isOff(channel: 'telegram' | 'whatsapp', chatId: string) {
  const guestId = (await findChannelGuestId(c.t.app.db, c.botId, { channel, chatId }))!;
  return (await guestSettings(c.t.app.db, guestId))?.off === 1;
}

/** Runs the occurrence at `at` to the end of its deliveries. */
async function occurrence(at: number) {
  c.t.app.notifications.now = () => at;
  await c.t.app.notifications.tick(at);
  await drain(c.t, 60_000);
}

beforeAll(async () => {
  telegram = await startFakeTelegram({ tokens: [TG_TOKEN] });
  whatsapp = await startFakeWhatsApp();
  c = await engineTest(
    { telegramApiBase: telegram.baseUrl, whatsappApiBase: whatsapp.baseUrl, whatsappAppSecret: SECRET },
    { whatsapp_phone_id: DEV_PHONE_ID, whatsapp_token: WA_TOKEN },
  );
  whatsapp.setWebhook(`${c.base}/api/channels/whatsapp`, SECRET);
  // Saving the token registers the bot's Telegram webhook at the fake, as the dashboard does.
  const body = multipart({ bot_id: String(c.botId), telegram_token: TG_TOKEN });
  const saved = await c.t.app.inject({ method: 'PUT', url: '/api/bot', ...withHeaders(body, c.owner) });
  expect(saved.statusCode, saved.body).toBe(200);
  await addNotification(c, T);
}, 60_000);

afterAll(async () => {
  await c.t.close();
  await telegram.close();
  await whatsapp.close();
});

describe('STOP, then START, from Telegram and WhatsApp', { timeout: 30_000 }, () => {
  it('each guest chats, then sends STOP and is told so', async () => {
    await telegramSays('hi');
    await telegram.waitForSent(TG_CHAT, 1);
    await whatsappSays('hi');
    await whatsapp.waitForSent(WA_NUMBER, 1);

    await telegramSays('STOP');
    await telegram.waitForSent(TG_CHAT, 2);
    await whatsappSays('stop');
    await whatsapp.waitForSent(WA_NUMBER, 2);
    expect(telegramTexts().at(-1)).toBe(NOTIFICATIONS_STOPPED);
    expect(whatsappTexts().at(-1)).toBe(NOTIFICATIONS_STOPPED);
    expect(await isOff('telegram', String(TG_CHAT))).toBe(true);
    expect(await isOff('whatsapp', WA_NUMBER)).toBe(true);
  });

  it('an occurrence after STOP reaches neither guest', async () => {
    await occurrence(T);
    expect(telegramTexts()).toHaveLength(2);
    expect(whatsappTexts()).toHaveLength(2);
    expect(telegramTexts()).not.toContain('Tip of the day, telegram');
    expect(whatsappTexts()).not.toContain('Tip of the day, whatsapp');
  });

  it('START (and "unstop") switches them back on, with a reply and no turn of the flow', async () => {
    await telegramSays('Start');
    await telegram.waitForSent(TG_CHAT, 3);
    await whatsappSays('UNSTOP!');
    await whatsapp.waitForSent(WA_NUMBER, 3);
    expect(telegramTexts().at(-1)).toBe(NOTIFICATIONS_STARTED);
    expect(whatsappTexts().at(-1)).toBe(NOTIFICATIONS_STARTED);
    expect(await isOff('telegram', String(TG_CHAT))).toBe(false);
    expect(await isOff('whatsapp', WA_NUMBER)).toBe(false);
    const turns = await c.t.app.db.selectFrom('conversation_turns').select('messages').execute();
    const said = turns.map((t) => t.messages).join('');
    expect(said).not.toContain('Start');
    expect(said).not.toContain('UNSTOP');
  });

  it('the next occurrence reaches each guest once', async () => {
    await occurrence(T + 60 * MINUTE);
    expect(telegramTexts().filter((t) => t === 'Tip of the day, telegram')).toHaveLength(1);
    expect(whatsappTexts().filter((t) => t === 'Tip of the day, whatsapp')).toHaveLength(1);
  });

  it('START from a guest whose notifications are on is an ordinary message for the flow', async () => {
    await telegramSays('start');
    // The flow's turn stores what the guest said; no switch reply is sent.
    await expect
      .poll(async () => {
        const turns = await c.t.app.db.selectFrom('conversation_turns').select('messages').execute();
        return turns.some((t) => t.messages.includes('"content":"start"'));
      })
      .toBe(true);
    expect(telegramTexts().filter((t) => t === NOTIFICATIONS_STARTED)).toHaveLength(1);
  });
});
