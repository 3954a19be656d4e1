import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { createBot, customer, form, pathOf, withHeaders, type Customer } from '../fixtures/bot-api.js';
import { GIF, exeAsPng, gifFile, pngFile } from '../fixtures/images.js';

describe('PUT /api/bot', () => {
  let t: TestApp;
  let owner: Customer;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
  });
  afterAll(() => t.close());

  const put = (values: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/bot', ...withHeaders(form(values), owner) });
  const served = async (url: string) => (await t.app.inject({ method: 'GET', url: pathOf(url) })).statusCode;

  it('changes only the fields sent and keeps the rest', async () => {
    const bot = await createBot(t, owner);
    const res = await put({
      bot_id: bot.id,
      name: 'Renamed',
      use_stt: '1',
      origins: ['https://new.example.com'],
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json().bot;
    expect(res.json().success).toBe(true);
    expect(updated).toMatchObject({
      id: bot.id,
      name: 'Renamed',
      use_stt: true,
      origins: ['https://new.example.com'],
      description: bot.description,
      supported_languages: bot.supported_languages,
      notification_scheduler: bot.notification_scheduler,
      created_at: bot.created_at,
    });
    expect(updated.updated_at).toBeGreaterThanOrEqual(bot.updated_at);
    const list = await t.app.inject({ method: 'GET', url: '/api/bot', headers: owner.headers });
    expect(list.json().bots.find((b: { id: number }) => b.id === bot.id).name).toBe('Renamed');
  });

  it('checks the merged bot as a whole', async () => {
    const bot = await createBot(t, owner, { use_tts: false });
    const res = await put({ bot_id: bot.id, use_ext_tts: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'use_ext_tts requires use_tts to be set',
      key: 'use_ext_tts',
    });
    const removeDefault = await put({ bot_id: bot.id, supported_languages: [3] });
    expect(removeDefault.json()).toMatchObject({ success: false, message: 'language is invalid' });
    const both = await put({ bot_id: bot.id, supported_languages: [3], language: 3 });
    expect(both.json().bot).toMatchObject({ language: 3, supported_languages: [3] });
  });

  it.each([
    [{ origins: '' }, 'origins is required'],
    [{ origins: ['nope'] }, 'origins is invalid'],
    [{ name: ' ' }, 'name is required'],
    [{ allow_subpaths: 'yes' }, 'allow_subpaths must be a boolean'],
    [{ tts_gender: 'female' }, 'tts_gender must be a number'],
    [
      { notification_scheduler: { enabled: true, flow_id: 1, start_at: '9am', frequency: 1 } },
      'notification_scheduler.start_at is invalid',
    ],
  ])('refuses %j', async (changes, message) => {
    const bot = await createBot(t, owner);
    const res = await put({ bot_id: bot.id, ...changes });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it('needs a valid, known bot_id', async () => {
    expect((await put({ name: 'x' })).json()).toMatchObject({ message: 'bot_id is required', key: 'bot_id' });
    expect((await put({ bot_id: 'abc' })).json()).toMatchObject({
      success: false,
      message: 'bot_id is invalid',
    });
    const missing = await put({ bot_id: 999999, name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Bot not found' });
  });

  it('replaces the custom avatar with a new upload and removes the old file', async () => {
    const bot = await createBot(t, owner, { avatar_file: pngFile() });
    const res = await put({ bot_id: bot.id, avatar_file: gifFile() });
    expect(res.statusCode).toBe(200);
    const { customAvatar } = res.json().bot;
    expect(customAvatar).toMatch(/\.gif$/);
    expect(await served(bot.customAvatar)).toBe(404);
    const image = await t.app.inject({ method: 'GET', url: pathOf(customAvatar) });
    expect(image.rawPayload.equals(GIF)).toBe(true);
  });

  it('removes the custom avatar with delete_custom_avatar=true or customAvatar null', async () => {
    for (const extra of [{ delete_custom_avatar: 'true' }, { customAvatar: null }]) {
      const bot = await createBot(t, owner, { avatar_file: pngFile() });
      const res = await put({ bot_id: bot.id, ...extra });
      expect(res.json().bot.customAvatar).toBeNull();
      expect(await served(bot.customAvatar)).toBe(404);
    }
  });

  it('accepts the custom avatar echoed back unchanged, refuses any other path', async () => {
    const bot = await createBot(t, owner, { avatar_file: pngFile() });
    const same = await put({ bot_id: bot.id, customAvatar: bot.customAvatar, name: 'Same avatar' });
    expect(same.json().bot.customAvatar).toBe(bot.customAvatar);
    const other = await createBot(t, owner, { avatar_file: pngFile() });
    const stolen = await put({ bot_id: bot.id, customAvatar: other.customAvatar });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ message: 'customAvatar is invalid', key: 'customAvatar' });
    const badFile = await put({ bot_id: bot.id, avatar_file: exeAsPng() });
    expect(badFile.json()).toMatchObject({ success: false, key: 'avatar_file' });
    expect(await served(bot.customAvatar)).toBe(200);
  });

  it('refuses a flag that is not true or false', async () => {
    const bot = await createBot(t, owner);
    const res = await put({ bot_id: bot.id, delete_custom_avatar: 'perhaps' });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});
