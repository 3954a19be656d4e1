import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import {
  createBot,
  customer,
  form,
  newBotForm,
  pathOf,
  withHeaders,
  type Customer,
} from '../fixtures/bot-api.js';
import { PNG, exeAsPng, pngFile } from '../fixtures/images.js';

describe('bots: list, create, delete', () => {
  let t: TestApp;
  let owner: Customer;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
  });
  afterAll(() => t.close());

  const post = (values: Record<string, unknown>, who: Customer | null = owner) =>
    t.app.inject({ method: 'POST', url: '/api/bot', ...withHeaders(form(values), who ?? undefined) });

  it('creates a bot from the dialog form and answers it decoded', async () => {
    const scheduler = { enabled: true, flow_id: 1, start_at: '09:30', frequency: 12 };
    const res = await post(newBotForm({ notification_scheduler: scheduler }));
    expect(res.statusCode).toBe(200);
    const { success, message, bot } = res.json();
    expect(success).toBe(true);
    expect(message).toBeTruthy();
    expect(bot).toMatchObject({
      name: 'Shop helper',
      language: 2,
      supported_languages: [2, 3],
      languages: [
        { id: 2, name: 'english', code: 'en' },
        { id: 3, name: 'french', code: 'fr' },
      ],
      origins: ['https://shop.example.com', 'localhost:5173'],
      allow_subpaths: true,
      is_avatar: true,
      use_tts: true,
      use_ext_tts: false,
      tts_gender: 2,
      telegram_token: '',
      customAvatar: null,
      avatar: 'https://cdn.example.com/avatar.png',
      notification_scheduler: scheduler,
    });
    expect(typeof bot.id).toBe('number');
    expect(typeof bot.created_at).toBe('number');
    const theme = await t.app.db.selectFrom('themes').selectAll().where('bot_id', '=', bot.id).execute();
    expect(theme).toHaveLength(1);
  });

  it('fills what the form leaves out with the new-bot defaults and reads 1/0 as booleans', async () => {
    const res = await post({ name: 'Tiny', origins: ['example.org'], use_stt: '1', allow_subpaths: '0' });
    expect(res.json(), res.body).toMatchObject({ success: true });
    expect(res.json().bot).toMatchObject({
      language: 2,
      supported_languages: [2],
      use_stt: true,
      allow_subpaths: false,
      tts_gender: 2,
      description: '',
      notification_scheduler: { enabled: false, flow_id: 1, start_at: '12:00', frequency: 24 },
    });
  });

  it.each([
    [{ origins: undefined }, 'origins is required', 'origins'],
    [{ origins: [] }, 'origins is required', 'origins'],
    [{ origins: ['https://ok.com', 'not a url'] }, 'origins is invalid', 'origins'],
    [{ name: '   ' }, 'name is required', 'name'],
    [{ name: undefined }, 'name is required', 'name'],
    [{ use_tts: 'maybe' }, 'use_tts must be a boolean', 'use_tts'],
    [{ language: 'two' }, 'language must be a number', 'language'],
    [
      { notification_scheduler: 'not json' },
      'notification_scheduler must be a object',
      'notification_scheduler',
    ],
    [{ supported_languages: [2, 99] }, 'supported_languages is invalid', 'supported_languages'],
    [{ supported_languages: [3], language: 2 }, 'language is invalid', 'language'],
    [{ use_tts: false, use_ext_tts: true }, 'use_ext_tts requires use_tts to be set', 'use_ext_tts'],
    [{ tts_gender: 3 }, 'tts_gender is invalid', 'tts_gender'],
    [{ customAvatar: '/uploads/avatars/someone-else.png' }, 'customAvatar is invalid', 'customAvatar'],
  ])('refuses %j with "%s"', async (changes, message, key) => {
    const before = await t.app.db.selectFrom('bots').select('id').execute();
    const res = await post(newBotForm(changes));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, key });
    const after = await t.app.db.selectFrom('bots').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('stores an uploaded avatar as the custom avatar and serves it from /uploads/', async () => {
    const res = await post(newBotForm({ avatar_file: pngFile() }));
    expect(res.statusCode).toBe(200);
    const { customAvatar } = res.json().bot;
    expect(customAvatar).toMatch(/^http:\/\/botflow\.test\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
    const image = await t.app.inject({ method: 'GET', url: pathOf(customAvatar) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses an avatar that is not an image, whatever its name and type claim', async () => {
    const dir = path.join(t.config.dataDir, 'uploads', 'avatars');
    const filesBefore = fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
    const res = await post(newBotForm({ avatar_file: exeAsPng() }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, key: 'avatar_file' });
    expect(res.json().message).toBe('avatar_file must be a jpg, png, gif or webp image');
    expect(fs.existsSync(dir) ? fs.readdirSync(dir).length : 0).toBe(filesBefore);
  });

  it("lists only the customer's bots, oldest first, with relative avatars made absolute", async () => {
    const someone = await customer(t);
    const first = await createBot(t, someone, { name: 'First', avatar: '/avatars/avatar-1.svg' });
    const second = await createBot(t, someone, { name: 'Second' });
    const res = await t.app.inject({ method: 'GET', url: '/api/bot', headers: someone.headers });
    expect(res.statusCode).toBe(200);
    const { success, bots } = res.json();
    expect(success).toBe(true);
    expect(bots.map((b: { id: number }) => b.id)).toEqual([first.id, second.id]);
    expect(bots[0].avatar).toBe('http://botflow.test/avatars/avatar-1.svg');
    expect(bots[1].avatar).toBe('https://cdn.example.com/avatar.png');
    expect(bots[0].languages).toEqual([
      { id: 2, name: 'english', code: 'en' },
      { id: 3, name: 'french', code: 'fr' },
    ]);
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/bot',
      headers: (await customer(t)).headers,
    });
    expect(empty.json()).toMatchObject({ success: true, bots: [] });
  });

  it('deletes a bot with its theme and its avatar file', async () => {
    const bot = await createBot(t, owner, { avatar_file: pngFile() });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/bot/${bot.id}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json(), res.body).toMatchObject({ success: true });
    const rows = await t.app.db.selectFrom('bots').select('id').where('id', '=', bot.id).execute();
    expect(rows).toHaveLength(0);
    const themes = await t.app.db
      .selectFrom('themes')
      .select('bot_id')
      .where('bot_id', '=', bot.id)
      .execute();
    expect(themes).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: pathOf(bot.customAvatar) })).statusCode).toBe(404);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/bot/${bot.id}`, headers: owner.headers });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, message: 'Bot not found' });
  });

  it('refuses a malformed id', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/bot/abc', headers: owner.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'id is invalid' });
  });

  it('asks for a signed-in, confirmed customer', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/bot' });
    expect(anonymous.statusCode).toBe(401);
    const unconfirmed = await customer(t, false);
    const res = await post(newBotForm(), unconfirmed);
    expect(res.statusCode).toBe(403);
    expect((await post(newBotForm(), null)).statusCode).toBe(401);
  });
});
