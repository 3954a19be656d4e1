import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from './helpers.js';
import { createBot, customer, form, pathOf, withHeaders, type Customer } from '../fixtures/bot-api.js';
import { pngFile } from '../fixtures/images.js';

// Every bot belongs to one customer. Another customer's bot id must read exactly like a missing
// one (404), on every route, and must leave the bot untouched.
describe('bots of another customer', () => {
  let t: TestApp;
  let alice: Customer;
  let mallory: Customer;
  let bot: { id: number; name: string; customAvatar: string };
  beforeAll(async () => {
    t = await createTestApp();
    alice = await customer(t);
    mallory = await customer(t);
    bot = await createBot(t, alice, { avatar_file: pngFile(), name: "Alice's bot" });
  });
  afterAll(() => t.close());

  const notFound = { success: false, message: 'Bot not found' };

  it('are not listed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/bot', headers: mallory.headers });
    expect(res.json().bots).toEqual([]);
  });

  it('cannot be updated', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/bot',
      ...withHeaders(form({ bot_id: bot.id, name: 'Taken over' }), mallory),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
  });

  it('cannot be deleted', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/bot/${bot.id}`, headers: mallory.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
  });

  it('do not show their theme', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/theme?bot_id=${bot.id}`,
      headers: mallory.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
  });

  it('cannot have their theme changed', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/theme/${bot.id}`,
      ...withHeaders(multipart({ theme: JSON.stringify({ header: { headerTitle: 'Pwned' } }) }), mallory),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
  });

  it('cannot be exported', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/export',
      ...withHeaders(multipart({ bot_id: String(bot.id) }), mallory),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
  });

  it("cannot lend their avatar file to the other customer's bot", async () => {
    const own = await createBot(t, mallory);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/bot',
      ...withHeaders(form({ bot_id: own.id, customAvatar: bot.customAvatar }), mallory),
    });
    expect(res.statusCode).toBe(400);
  });

  it('stay exactly as their owner left them', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/bot', headers: alice.headers });
    expect(list.json().bots).toHaveLength(1);
    expect(list.json().bots[0]).toMatchObject({
      id: bot.id,
      name: "Alice's bot",
      customAvatar: bot.customAvatar,
    });
    const theme = await t.app.inject({
      method: 'GET',
      url: `/api/theme?bot_id=${bot.id}`,
      headers: alice.headers,
    });
    expect(theme.json().theme.header.headerTitle).toBe('BotFlow');
    expect((await t.app.inject({ method: 'GET', url: pathOf(bot.customAvatar) })).statusCode).toBe(200);
  });

  it('every bots route needs a token', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/bot' },
      { method: 'POST' as const, url: '/api/bot' },
      { method: 'PUT' as const, url: '/api/bot' },
      { method: 'DELETE' as const, url: `/api/bot/${bot.id}` },
      { method: 'GET' as const, url: `/api/theme?bot_id=${bot.id}` },
      { method: 'PUT' as const, url: `/api/theme/${bot.id}` },
      { method: 'POST' as const, url: '/api/export' },
      { method: 'POST' as const, url: '/api/import' },
    ];
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json().success).toBe(false);
    }
  });
});
