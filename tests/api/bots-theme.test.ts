import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from './helpers.js';
import { createBot, customer, pathOf, withHeaders, type Customer } from '../fixtures/bot-api.js';
import { GIF, PNG, exeAsPng, gifFile, pngFile } from '../fixtures/images.js';
import { defaultTheme } from '../../src/core/theme/index.js';

describe('bot themes', () => {
  let t: TestApp;
  let owner: Customer;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
  });
  afterAll(() => t.close());

  const getTheme = (botId: number | string, who = owner) =>
    t.app.inject({ method: 'GET', url: `/api/theme?bot_id=${botId}`, headers: who.headers });
  const putTheme = (botId: number, fields: Parameters<typeof multipart>[0]) =>
    t.app.inject({ method: 'PUT', url: `/api/theme/${botId}`, ...withHeaders(multipart(fields), owner) });

  it('gives a new bot the default theme with its language and voice settings', async () => {
    const bot = await createBot(t, owner, { use_tts: true, use_stt: true, use_ext_stt: true });
    const res = await getTheme(bot.id);
    expect(res.statusCode).toBe(200);
    const { success, theme, supported_languages } = res.json();
    expect(success).toBe(true);
    expect(theme).toEqual({
      ...defaultTheme(),
      language: 2,
      use_tts: true,
      use_stt: true,
      use_ext_stt: true,
      use_ext_tts: false,
    });
    expect(theme.header).toMatchObject({ headerTitle: 'BotFlow', headerTitleFontSize: 18 });
    expect(theme.body.chatFontSize).toBe(16);
    expect(theme.input.inputPlaceholderText).toBe('Type your chat here');
    expect(supported_languages).toEqual([
      { id: 2, name: 'english', code: 'en', is_rtl: false },
      { id: 3, name: 'french', code: 'fr', is_rtl: false },
    ]);
  });

  it('saves an edit, keeping the fields it leaves out', async () => {
    const bot = await createBot(t, owner);
    const edit = { header: { headerTitle: 'Shop', headerBackground: '#112233' }, body: { rtl: true } };
    const res = await putTheme(bot.id, { theme: JSON.stringify(edit) });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect(res.json().theme.header).toEqual({ ...defaultTheme().header, ...edit.header });
    const reread = (await getTheme(bot.id)).json().theme;
    expect(reread.header.headerTitle).toBe('Shop');
    expect(reread.body.rtl).toBe(true);
    expect(reread.input).toEqual(defaultTheme().input);
  });

  it.each([
    ['not json', 'theme is invalid'],
    [JSON.stringify({ header: { headerColor: 'purple' } }), 'header.headerColor is invalid'],
    [JSON.stringify({ body: { chatFontSize: '16' } }), 'body.chatFontSize must be a number'],
    [JSON.stringify({ body: { rtl: 'yes' } }), 'body.rtl must be a boolean'],
    [JSON.stringify([1, 2]), 'theme must be a object'],
  ])('refuses the theme %s', async (theme, message) => {
    const bot = await createBot(t, owner);
    const res = await putTheme(bot.id, { theme });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, key: 'theme' });
    expect((await getTheme(bot.id)).json().theme.header).toEqual(defaultTheme().header);
  });

  it('needs the theme field', async () => {
    const bot = await createBot(t, owner);
    const res = await putTheme(bot.id, { avatar: pngFile() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'theme is required' });
  });

  it('stores an uploaded avatar as the bot avatar and drops the one it replaces', async () => {
    const bot = await createBot(t, owner);
    const first = await putTheme(bot.id, { theme: '{}', avatar: pngFile() });
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().theme.body.botAvatar;
    expect(firstUrl).toMatch(/^http:\/\/botflow\.test\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
    expect(first.json().theme.body.customAvatar).toBe(firstUrl);
    expect((await t.app.inject({ method: 'GET', url: pathOf(firstUrl) })).rawPayload.equals(PNG)).toBe(true);

    // The page sends back what it read (absolute URLs) along with the new file.
    const second = await putTheme(bot.id, { theme: JSON.stringify(first.json().theme), avatar: gifFile() });
    const secondUrl = second.json().theme.body.botAvatar;
    expect(secondUrl).toMatch(/\.gif$/);
    expect((await t.app.inject({ method: 'GET', url: pathOf(secondUrl) })).rawPayload.equals(GIF)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: pathOf(firstUrl) })).statusCode).toBe(404);

    const echoed = await putTheme(bot.id, { theme: JSON.stringify(second.json().theme) });
    expect(echoed.json().theme.body.botAvatar).toBe(secondUrl);
  });

  it('refuses an avatar that is not an image and an upload path the bot does not own', async () => {
    const bot = await createBot(t, owner);
    const bad = await putTheme(bot.id, { theme: '{}', avatar: exeAsPng() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, key: 'avatar' });
    const other = await createBot(t, owner, { avatar_file: pngFile() });
    const stolen = await putTheme(bot.id, {
      theme: JSON.stringify({ body: { botAvatar: other.customAvatar } }),
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ message: 'body.botAvatar is invalid' });
    const preset = await putTheme(bot.id, {
      theme: JSON.stringify({ body: { botAvatar: 'https://cdn.example.com/a.png' } }),
    });
    expect(preset.json().theme.body.botAvatar).toBe('https://cdn.example.com/a.png');
  });

  it('answers 404 for an unknown bot and 400 for a malformed id', async () => {
    expect((await getTheme(999999)).statusCode).toBe(404);
    expect((await getTheme('x')).json()).toMatchObject({ success: false, message: 'bot_id is invalid' });
    const put = await putTheme(999999, { theme: '{}' });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ success: false, message: 'Bot not found' });
  });
});
