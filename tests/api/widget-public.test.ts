import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { createBot, customer, type Customer } from '../fixtures/bot-api.js';
import { defaultTheme } from '../../src/core/theme/index.js';

// GET /api/widget/:botId (the widget's public read) and GET /chat (the chat page and its CSP).
describe('widget public routes', () => {
  let t: TestApp;
  let owner: Customer;
  let bot: { id: number };
  beforeAll(async () => {
    const distDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'botflow-widget-dist-'));
    fs.mkdirSync(path.join(distDir, 'widget', 'chat'), { recursive: true });
    fs.writeFileSync(
      path.join(distDir, 'widget', 'chat', 'index.html'),
      '<!doctype html><div id="chat"></div>',
    );
    t = await createTestApp({ distDir });
    owner = await customer(t);
    bot = await createBot(t, owner, {
      origins: ['https://shop.example.com/store', 'localhost:5173'],
      allow_subpaths: true,
    });
  });
  afterAll(() => t.close());

  const read = (botId: number | string, headers: Record<string, string> = {}, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/widget/${botId}${query}`, headers });

  it('answers theme and public bot fields to a registered page, with nothing private', async () => {
    const res = await read(bot.id, { 'x-botflow-origin': 'https://shop.example.com/store/cart' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.theme.header).toEqual(defaultTheme().header);
    expect(body.theme.use_tts).toBe(true);
    expect(body.bot).toEqual({
      id: bot.id,
      name: 'Shop helper',
      avatar: 'https://cdn.example.com/avatar.png',
      is_avatar: true,
      languages: [
        { id: 2, name: 'english', code: 'en', is_rtl: false },
        { id: 3, name: 'french', code: 'fr', is_rtl: false },
      ],
      language: 2,
      use_tts: true,
      use_stt: false,
      origins: ['https://shop.example.com/store', 'localhost:5173'],
      allow_subpaths: true,
    });
    expect(JSON.stringify(body)).not.toContain('tg-token');
    // No speech endpoint configured: the chat learns it here and never calls /api/tts or /api/stt.
    expect(body.speech).toEqual({ tts: false, stt: false });
  });

  it('serves /favicon.ico for the chat page and the app, built or not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    // An ICO directory: reserved 0, type 1 (icon), then at least one image.
    const body = res.rawPayload;
    expect([body.readUInt16LE(0), body.readUInt16LE(2)]).toEqual([0, 1]);
    expect(body.readUInt16LE(4)).toBeGreaterThan(0);
  });

  it('says the server speaks when a speech endpoint is configured', async () => {
    const speaking = await createTestApp({ llmBaseUrl: 'http://127.0.0.1:9/v1', llmApiKey: 'k' });
    try {
      const someone = await customer(speaking);
      const spoken = await createBot(speaking, someone, { origins: ['https://shop.example.com'] });
      const res = await speaking.app.inject({
        method: 'GET',
        url: `/api/widget/${spoken.id}`,
        headers: { 'x-botflow-origin': 'https://shop.example.com/' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().speech).toEqual({ tts: true, stt: true });
    } finally {
      await speaking.close();
    }
  });

  it('lets the loader name the page in the query and answers its site with CORS', async () => {
    const page = encodeURIComponent('http://localhost:5173/pricing');
    const res = await read(bot.id, { origin: 'http://localhost:5173' }, `?page=${page}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });

  it('refuses a page outside the registered origins, and says why', async () => {
    for (const page of [
      'https://shop.example.com/',
      'https://evil.example.com/store',
      'http://localhost:5174/',
    ]) {
      const res = await read(bot.id, { 'x-botflow-origin': page });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        message: "This page is not one of the bot's registered origins.",
      });
    }
  });

  it('refuses a site that claims another site’s page', async () => {
    const page = encodeURIComponent('http://localhost:5173/');
    const res = await read(bot.id, { origin: 'https://evil.example.com' }, `?page=${page}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('The page address does not belong to the site making the call.');
    expect(res.headers['access-control-allow-origin']).toBe('https://evil.example.com');
  });

  it('refuses a call that names no page, unless it comes from the bot owner', async () => {
    expect((await read(bot.id)).statusCode).toBe(403);
    const stranger = await customer(t);
    expect((await read(bot.id, stranger.headers)).statusCode).toBe(403);
    const own = await read(bot.id, owner.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json().bot.id).toBe(bot.id);
  });

  it('follows the subpath toggle', async () => {
    const exact = await createBot(t, owner, {
      origins: ['https://shop.example.com/store'],
      allow_subpaths: false,
    });
    expect((await read(exact.id, { 'x-botflow-origin': 'https://shop.example.com/store/' })).statusCode).toBe(
      200,
    );
    expect(
      (await read(exact.id, { 'x-botflow-origin': 'https://shop.example.com/store/a' })).statusCode,
    ).toBe(403);
  });

  it('answers 404 for an unknown bot and 400 for a malformed id', async () => {
    const missing = await read(999999, { 'x-botflow-origin': 'http://localhost:5173/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Bot not found' });
    const bad = await read('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });

  it('serves /chat with frame-ancestors listing the bot origins', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/chat?bot_id=${bot.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('id="chat"');
    expect(res.headers['content-security-policy']).toBe(
      "frame-ancestors 'self' https://shop.example.com http://localhost:5173 https://localhost:5173",
    );
  });

  it('lets only our own pages frame /chat for an unknown bot, and never serves the page without it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/chat?bot_id=nope' });
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    const direct = await t.app.inject({ method: 'GET', url: `/widget/chat/index.html?bot_id=${bot.id}` });
    expect(direct.statusCode).toBe(302);
    expect(direct.headers.location).toBe(`/chat?bot_id=${bot.id}`);
  });
});
