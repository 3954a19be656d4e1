import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { sealToken } from '../../server/repos/token-box.js';
import { stopNotifications } from '../../server/channels/stop-notifications.js';
import { newSession, type Environment } from '../../server/runtime/session.js';
import { startFakeTelegram, DEV_TOKEN as TG_TOKEN, type FakeTelegram } from '../fixtures/fake-telegram.js';
import {
  startFakeWhatsApp,
  DEV_PHONE_ID,
  DEV_TOKEN as WA_TOKEN,
  type FakeWhatsApp,
} from '../fixtures/fake-whatsapp.js';
import {
  addNotification,
  deliveries,
  drain,
  engineTest,
  MINUTE,
  nextMinute,
} from './notifications-engine-support.js';
import type { ChatTest } from './chat-support.js';

// Issue 18 item 5 on the channels' fakes (real HTTP, real wire formats): one message per guest and
// occurrence on Telegram and WhatsApp, a 5xx retried, WhatsApp outside the 24-hour window skipped
// with the reason (or sent as the approved template), and nothing after STOP.
describe('notification deliveries on Telegram and WhatsApp', () => {
  let telegram: FakeTelegram;
  let whatsapp: FakeWhatsApp;
  let c: ChatTest & { templateId: number };
  const T = nextMinute();

  /** A channel guest as the channels store one, whose last message was `said` `agoMs` ago. */
  async function channelGuest(channel: Environment, chatId: string, said: string, agoMs: number) {
    const id = crypto.randomUUID();
    const now = Date.now();
    const session = { ...newSession('main', 'en', { ENVIRONMENT: channel }), messageCount: 1 };
    await c.t.app.db
      .insertInto('guest_sessions')
      .values({
        id,
        bot_id: c.botId,
        state: JSON.stringify(session),
        version: 1,
        created_at: now,
        updated_at: now,
        last_seen_at: now,
        channel,
        external_chat_id: chatId,
      } as never)
      .execute();
    const messages = [{ sender: 'user', payload: { type: 'text', content: said }, languageCode: 'en' }];
    await c.t.app.db
      .insertInto('conversation_turns')
      .values({ guest_id: id, seq: 0, messages: JSON.stringify(messages), created_at: now - agoMs })
      .execute();
    return id;
  }

  beforeAll(async () => {
    telegram = await startFakeTelegram({ tokens: [TG_TOKEN] });
    whatsapp = await startFakeWhatsApp();
    c = await engineTest({ telegramApiBase: telegram.baseUrl, whatsappApiBase: whatsapp.baseUrl });
    await c.t.app.db
      .updateTable('bots')
      // Stored sealed, as the bot routes store them.
      .set({
        telegram_token: sealToken(c.t.app.db, TG_TOKEN),
        whatsapp_phone_id: DEV_PHONE_ID,
        whatsapp_token: sealToken(c.t.app.db, WA_TOKEN),
      })
      .where('id', '=', c.botId)
      .execute();
    c.t.app.notifications.now = () => T;
  });
  afterAll(async () => {
    await c.t.close();
    await telegram.close();
    await whatsapp.close();
  });

  it('sends each occurrence once per guest, retries a 5xx, skips WhatsApp outside the window, stops after STOP', async () => {
    const tg = await channelGuest('telegram', '5001', 'hi', MINUTE);
    // STOP switched this guest off when it arrived (the inbound side: notifications-stop.test.ts).
    const stopped = await channelGuest('telegram', '5002', 'STOP', MINUTE);
    await stopNotifications(c.t.app.db, { botId: c.botId, channel: 'telegram', chatId: '5002' }, 'STOP');
    const inWindow = await channelGuest('whatsapp', '15550001111', 'hello', 60 * MINUTE);
    const outside = await channelGuest('whatsapp', '15550002222', 'hello', 25 * 60 * MINUTE);
    const id = await addNotification(c, T);
    telegram.failNext('sendMessage', { status: 502, times: 1 });
    await c.t.app.notifications.tick(T);
    await drain(c.t, 60_000);

    const texts = (chat: string) => (telegram.sent.get(chat) ?? []).map((m) => m.params.text);
    expect(texts('5001')).toEqual(['Tip of the day, telegram']);
    expect(texts('5002')).toEqual([]);
    const wa = (to: string) =>
      (whatsapp.sent.get(to) ?? []).map((m) => (m.body.text as { body?: string })?.body);
    expect(wa('15550001111')).toEqual(['Tip of the day, whatsapp']);
    expect(wa('15550002222')).toEqual([]);

    const rows = await deliveries(c.t, id);
    const by = (guest: string) => rows.find((r) => r.guest_id === guest);
    expect(by(tg)).toMatchObject({ status: 'sent', channel: 'telegram' });
    // Switched off before the occurrence: the guest is not among its recipients at all.
    expect(by(stopped)).toBeUndefined();
    expect(texts('5002')).toEqual([]);
    expect(by(inWindow)).toMatchObject({ status: 'sent', channel: 'whatsapp' });
    expect(by(outside)).toMatchObject({ status: 'skipped', reason: 'outside the 24-hour window' });

    // The next occurrence: the STOP guest stays off; the template goes outside the window when named.
    await c.t.app.inject({
      method: 'PUT',
      url: '/api/notification',
      headers: c.owner.headers,
      payload: (await c.t.app.inject({ method: 'GET', url: '/api/notification', headers: c.owner.headers }))
        .json()
        .notifications.map((n: Record<string, unknown>) => ({ ...n, whatsapp_template: 'daily_tip' }))[0],
    });
    await c.t.app.notifications.tick(T + 60 * MINUTE);
    await drain(c.t, 60_000);
    expect(texts('5001')).toHaveLength(2);
    expect(texts('5002')).toEqual([]);
    const templates = (whatsapp.sent.get('15550002222') ?? []).map((m) => m.body.type);
    expect(templates).toEqual(['template']);
  });
});
