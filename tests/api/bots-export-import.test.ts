import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from './helpers.js';
import { createBot, customer, pathOf, withHeaders, type Customer } from '../fixtures/bot-api.js';
import { GIF, PNG, gifFile, pngFile } from '../fixtures/images.js';
import { botInfo, zipFile, zipOf } from '../fixtures/zips.js';

describe('bot export and import', () => {
  let t: TestApp;
  let owner: Customer;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
  });
  afterAll(() => t.close());

  const exportBot = (botId: number | string, who = owner) =>
    t.app.inject({
      method: 'POST',
      url: '/api/export',
      ...withHeaders(multipart({ bot_id: String(botId) }), who),
    });
  const importZip = (data: Buffer, who = owner) =>
    t.app.inject({
      method: 'POST',
      url: '/api/import',
      ...withHeaders(multipart({ uploaded_bot_file: zipFile(data) }), who),
    });
  const download = async (url: string) =>
    (await t.app.inject({ method: 'GET', url: pathOf(url) })).rawPayload;
  const theme = async (botId: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/theme?bot_id=${botId}`, headers: owner.headers })).json()
      .theme;

  async function decoratedBot() {
    const bot = await createBot(t, owner, { avatar_file: pngFile(), name: 'Export me', use_stt: true });
    const edit = {
      header: { headerTitle: 'Exported', headerColor: '#abcdef' },
      input: { inputPlaceholderText: 'Ask' },
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/theme/${bot.id}`,
      ...withHeaders(multipart({ theme: JSON.stringify(edit), avatar: gifFile() }), owner),
    });
    expect(res.statusCode).toBe(200);
    return bot;
  }

  it('exports bot_info.json and the avatar files as a zip attachment', async () => {
    const bot = await decoratedBot();
    const res = await exportBot(bot.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="dfd_bot_Export_me.zip"');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const info = JSON.parse(await zip.file('bot_info.json')!.async('string'));
    expect(info.format).toBe('botflow-bot');
    expect(info.version).toBe(1);
    expect(info.bot_data).not.toHaveProperty('id');
    expect(info.bot_data).not.toHaveProperty('user_id');
    expect(info.bot_data).not.toHaveProperty('created_at');
    expect(info.bot_data).toMatchObject({ name: 'Export me', use_stt: true, origins: bot.origins });
    expect(info.bot_data.customAvatar).toMatch(/^theme_assets\/avatars\/[0-9a-f]{32}\.png$/);
    expect(info.theme.header.headerTitle).toBe('Exported');
    expect(info.theme.body.botAvatar).toMatch(/^theme_assets\/avatars\/[0-9a-f]{32}\.gif$/);
    expect((await zip.file(info.bot_data.customAvatar)!.async('nodebuffer')).equals(PNG)).toBe(true);
    expect((await zip.file(info.theme.body.botAvatar)!.async('nodebuffer')).equals(GIF)).toBe(true);
  });

  it('imports an export back to the same fields, theme and avatar bytes', async () => {
    const bot = await decoratedBot();
    const exported = (await exportBot(bot.id)).rawPayload;
    const res = await importZip(exported);
    expect(res.statusCode).toBe(200);
    const { success, bot: copy } = res.json();
    expect(success).toBe(true);
    expect(copy.id).not.toBe(bot.id);
    const strip = ({
      id: _i,
      customAvatar: _c,
      created_at: _a,
      updated_at: _u,
      ...rest
    }: Record<string, unknown>) => rest;
    expect(strip(copy)).toEqual(strip(bot));
    expect(copy.customAvatar).not.toBe(bot.customAvatar);
    expect((await download(copy.customAvatar)).equals(await download(bot.customAvatar))).toBe(true);

    const [original, imported] = [await theme(bot.id), await theme(copy.id)];
    const noAvatars = (th: { body: Record<string, unknown> }) => ({
      ...th,
      body: { ...th.body, botAvatar: '', customAvatar: null },
    });
    expect(noAvatars(imported)).toEqual(noAvatars(original));
    expect(imported.body.botAvatar).not.toBe(original.body.botAvatar);
    expect((await download(imported.body.botAvatar)).equals(GIF)).toBe(true);
    expect(imported.body.customAvatar).toBe(imported.body.botAvatar);
  });

  it('imports a hand-made archive, filling defaults and ignoring unknown sections and keys', async () => {
    const data = await zipOf({
      'bot_info.json': botInfo({ id: 77, user_id: 1, secret: 'x' }, { flow: { nodes: [] }, extra: 1 }),
    });
    const res = await importZip(data);
    expect(res.statusCode).toBe(200);
    const { bot } = res.json();
    expect(bot).toMatchObject({
      name: 'Imported',
      language: 2,
      supported_languages: [2],
      customAvatar: null,
    });
    expect(bot.id).not.toBe(77);
    expect(bot).not.toHaveProperty('secret');
    expect((await theme(bot.id)).header.headerTitle).toBe('Imported title');
  });

  it('finds bot_info.json inside a wrapping folder', async () => {
    const data = await zipOf({
      'my bot/bot_info.json': botInfo({ customAvatar: 'theme_assets/avatars/a.png' }),
      'my bot/theme_assets/avatars/a.png': PNG,
    });
    const res = await importZip(data);
    expect(res.statusCode).toBe(200);
    expect((await download(res.json().bot.customAvatar)).equals(PNG)).toBe(true);
  });

  it("never takes an upload path from a file: it could be another customer's image", async () => {
    const victim = await createBot(t, await customer(t), { avatar_file: pngFile() });
    const path = pathOf(victim.customAvatar);
    const data = await zipOf({
      'bot_info.json': botInfo(
        { customAvatar: path, avatar: path },
        { theme: { body: { botAvatar: path } } },
      ),
    });
    const res = await importZip(data);
    expect(res.statusCode).toBe(200);
    const { bot } = res.json();
    expect(bot.customAvatar).toBeNull();
    expect(bot.avatar).toBe('');
    expect((await theme(bot.id)).body.botAvatar).toBe('');
    // Deleting the imported bot leaves the victim's file alone.
    await t.app.inject({ method: 'DELETE', url: `/api/bot/${bot.id}`, headers: owner.headers });
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown bot and 400 for a missing id on export', async () => {
    expect((await exportBot(999999)).statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'POST', url: '/api/export', headers: owner.headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, message: 'bot_id is required' });
  });
});
