// What the channel API tests share: a chat test whose bot is connected to the fake Telegram Bot
// API or the fake WhatsApp Cloud API, and posting an update to the Telegram webhook as Telegram
// does (with the secret header).
import { expect } from 'vitest';
import { connectTelegram } from '../../server/channels/telegram/connect.js';
import type { Config } from '../../server/config.js';
import { DEV_TOKEN as TG_TOKEN, type FakeTelegram } from '../fixtures/fake-telegram.js';
import { DEV_PHONE_ID, DEV_TOKEN as WA_TOKEN, type FakeWhatsApp } from '../fixtures/fake-whatsapp.js';
import { chatTest, type ChatTest } from './chat-support.js';

/** A chat test whose bot has the fake's Telegram token, its webhook set at the fake. */
export async function withTelegram(c: ChatTest): Promise<ChatTest> {
  await c.t.app.db.updateTable('bots').set({ telegram_token: TG_TOKEN }).where('id', '=', c.botId).execute();
  await connectTelegram(c.t.app.db, c.t.config, c.botId, TG_TOKEN);
  return c;
}

/** A chat test whose bot is the fake's WhatsApp number, the fake posting to its webhook. */
export async function whatsAppChatTest(
  fake: FakeWhatsApp,
  secret: string,
  overrides: Partial<Config> = {},
): Promise<ChatTest> {
  const c = await chatTest(
    { whatsappApiBase: fake.baseUrl, whatsappAppSecret: secret, ...overrides },
    { whatsapp_phone_id: DEV_PHONE_ID, whatsapp_token: WA_TOKEN },
  );
  fake.setWebhook(`${c.base}/api/channels/whatsapp`, secret);
  return c;
}

/** Posts an update to the bot's Telegram webhook with the secret the fake was given; expects 200. */
export async function postTelegram(c: ChatTest, fake: FakeTelegram, update: Record<string, unknown>) {
  const res = await fetch(`${c.base}/api/channels/telegram/${c.botId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-telegram-bot-api-secret-token': fake.webhookOf(TG_TOKEN)!.secret_token!,
    },
    body: JSON.stringify(update),
  });
  expect(res.status).toBe(200);
}
