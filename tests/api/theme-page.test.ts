// Issue 15: what the theme page saves and how the widget receives it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from './helpers.js';
import { createBot, customer, withHeaders, type Customer } from '../fixtures/bot-api.js';
import { PNG } from '../fixtures/images.js';
import { defaultTheme } from '../../src/core/theme/index.js';

const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>',
);

describe('theme page saves', () => {
  let t: TestApp;
  let owner: Customer;
  let stranger: Customer;
  beforeAll(async () => {
    const distDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'botflow-theme-dist-'));
    fs.mkdirSync(path.join(distDir, 'widget', 'chat'), { recursive: true });
    fs.writeFileSync(
      path.join(distDir, 'widget', 'chat', 'index.html'),
      '<!doctype html><html><head><title>Chat</title></head><body><div id="chat"></div></body></html>',
    );
    t = await createTestApp({ distDir });
    owner = await customer(t);
    stranger = await customer(t);
  });
  afterAll(() => t.close());

  const putTheme = (botId: number, fields: Parameters<typeof multipart>[0], who = owner) =>
    t.app.inject({ method: 'PUT', url: `/api/theme/${botId}`, ...withHeaders(multipart(fields), who) });

  it("answers 404 for another customer's bot, read or written, and changes nothing", async () => {
    const bot = await createBot(t, owner);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/theme?bot_id=${bot.id}`,
      headers: stranger.headers,
    });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ success: false, message: 'Bot not found' });
    const write = await putTheme(
      bot.id,
      { theme: JSON.stringify({ header: { headerTitle: 'Mine' } }) },
      stranger,
    );
    expect(write.statusCode).toBe(404);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/theme?bot_id=${bot.id}`,
      headers: owner.headers,
    });
    expect(mine.json().theme.header.headerTitle).toBe('BotFlow');
  });

  it.each([
    [JSON.stringify({ choice: { choiceColor: '#12345' } }), 'choice.choiceColor is invalid'],
    [JSON.stringify({ header: { headerTitleFontSize: 200 } }), 'header.headerTitleFontSize is invalid'],
    [JSON.stringify({ use_tts: 'on' }), 'use_tts must be a boolean'],
    [JSON.stringify({ dark: { bot: { botBackground: 'black' } } }), 'dark.bot.botBackground is invalid'],
    [JSON.stringify({ texts: { fr: { headerTitle: 5 } } }), 'texts.fr.headerTitle must be a string'],
    ['{"header": ', 'theme is invalid'],
  ])('refuses the malformed theme %s with 400 naming the field', async (theme, message) => {
    const bot = await createBot(t, owner);
    const res = await putTheme(bot.id, { theme });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, key: 'theme' });
    expect(res.json().message).toBe(message);
  });

  it('refuses an avatar that is not an image, an SVG with a script, and an oversized image', async () => {
    const bot = await createBot(t, owner);
    const text = await putTheme(bot.id, {
      theme: '{}',
      avatar: { filename: 'me.png', type: 'image/png', data: Buffer.from('hello, not an image') },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ success: false, key: 'avatar' });
    const svg = await putTheme(bot.id, {
      theme: '{}',
      avatar: { filename: 'me.svg', type: 'image/svg+xml', data: SVG_WITH_SCRIPT },
    });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().message).toBe('avatar must be a jpg, png, gif or webp image');
    const big = await putTheme(bot.id, {
      theme: '{}',
      avatar: {
        filename: 'big.png',
        type: 'image/png',
        data: Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]),
      },
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('avatar is too large (5 MB at most)');
  });

  it('saves the speech flags, the dark overrides and the per-language texts', async () => {
    const bot = await createBot(t, owner, { supported_languages: '2,3' });
    const edit = {
      use_stt: true,
      use_ext_tts: true,
      language: 3,
      dark: { bot: { botBackground: '#000000' } },
      texts: { fr: { headerTitle: 'Boutique', inputPlaceholderText: 'Écrivez ici' } },
    };
    const res = await putTheme(bot.id, { theme: JSON.stringify(edit) });
    expect(res.statusCode).toBe(200);
    expect(res.json().theme).toMatchObject(edit);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/theme?bot_id=${bot.id}`,
      headers: owner.headers,
    });
    expect(read.json().theme).toMatchObject(edit);
    const wrong = await putTheme(bot.id, { theme: JSON.stringify({ language: 999 }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('language is invalid');
  });

  it('sends the theme with the chat page, title falling back to the bot name', async () => {
    const bot = await createBot(t, owner, { name: 'Shop </script> helper' });
    await putTheme(bot.id, {
      theme: JSON.stringify({ header: { headerTitle: '', headerBackground: '#0e7490' } }),
    });
    const page = await t.app.inject({ method: 'GET', url: `/chat?bot_id=${bot.id}` });
    const match = /<script id="chat-look" type="application\/json">(.*?)<\/script><\/head>/.exec(page.body);
    expect(match).not.toBeNull();
    expect(match![1]).not.toContain('</script>');
    const look = JSON.parse(match![1]);
    expect(look.botName).toBe('Shop </script> helper');
    expect(look.theme.header).toEqual({
      ...defaultTheme().header,
      headerTitle: '',
      headerBackground: '#0e7490',
    });
  });
});
