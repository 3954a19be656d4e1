import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from './helpers.js';
import { customer, withHeaders, type Customer } from '../fixtures/bot-api.js';
import { EXE, PNG } from '../fixtures/images.js';
import { botInfo, declareSize, zipFile, zipOf, type Entries } from '../fixtures/zips.js';

// Every uploaded archive is hostile until proven otherwise: each of these must be refused with a
// 4xx and leave no bot, no theme and no file behind.
describe('POST /api/import with hostile archives', () => {
  let t: TestApp;
  let owner: Customer;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
  });
  afterAll(() => t.close());

  const upload = (file: ReturnType<typeof zipFile>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/import',
      ...withHeaders(multipart({ uploaded_bot_file: file }), owner),
    });
  const avatarsDir = () => path.join(t.config.dataDir, 'uploads', 'avatars');
  const fileCount = () => (fs.existsSync(avatarsDir()) ? fs.readdirSync(avatarsDir()).length : 0);
  const botCount = async () => (await t.app.db.selectFrom('bots').select('id').execute()).length;

  async function expectRefused(file: ReturnType<typeof zipFile>, message: string | RegExp, key?: string) {
    const [bots, files] = [await botCount(), fileCount()];
    const res = await upload(file);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
    if (key) expect(body.key).toBe(key);
    expect(await botCount()).toBe(bots);
    expect(fileCount()).toBe(files);
  }

  const zipWith = async (entries: Entries) => zipFile(await zipOf(entries));

  it('refuses a file that is not a zip', async () => {
    await expectRefused(zipFile(Buffer.from('hello, not a zip')), 'Please select a valid .zip bot file');
    await expectRefused(zipFile(PNG, 'bot.png', 'image/png'), 'Please select a valid .zip bot file');
    const truncated = (await zipOf({ 'bot_info.json': botInfo() })).subarray(0, 30);
    await expectRefused(zipFile(truncated), 'Please select a valid .zip bot file');
  });

  it('refuses a zip without the bot JSON file', async () => {
    await expectRefused(await zipWith({ 'readme.txt': 'hi' }), 'No Bot JSON file found in the zip.');
  });

  it('refuses broken JSON and invalid bot data with the checker message', async () => {
    await expectRefused(await zipWith({ 'bot_info.json': '{ nope' }), 'The bot JSON file is not valid JSON.');
    await expectRefused(
      await zipWith({ 'bot_info.json': '{"theme":{}}' }),
      'The bot JSON file has no bot_data.',
    );
    await expectRefused(
      await zipWith({ 'bot_info.json': botInfo({ origins: ['not a url'] }) }),
      'origins is invalid',
      'origins',
    );
    await expectRefused(await zipWith({ 'bot_info.json': botInfo({ origins: [] }) }), 'origins is required');
    await expectRefused(await zipWith({ 'bot_info.json': botInfo({ name: 5 }) }), 'name must be a string');
    await expectRefused(
      await zipWith({ 'bot_info.json': botInfo({}, { theme: { header: { headerColor: 'red' } } }) }),
      'header.headerColor is invalid',
      'theme',
    );
  });

  it('refuses entries that climb out of the archive or start at the root', async () => {
    await expectRefused(
      await zipWith({ 'bot_info.json': botInfo(), '../../evil.sh': 'rm -rf /' }),
      'The bot file contains an unsafe path.',
    );
    await expectRefused(
      await zipWith({ 'bot_info.json': botInfo(), '/etc/cron.d/evil': 'x' }),
      'The bot file contains an unsafe path.',
    );
  });

  it('refuses an archive with too many entries', async () => {
    const entries: Entries = { 'bot_info.json': botInfo() };
    for (let i = 0; i < 201; i++) entries[`junk/${i}.txt`] = 'x';
    await expectRefused(await zipWith(entries), /too many entries/);
  });

  it('refuses a file over the size limit', async () => {
    const big = Buffer.concat([Buffer.from('PK\x03\x04'), crypto.randomBytes(10 * 1024 * 1024 + 10)]);
    await expectRefused(zipFile(big), /too large \(10 MB at most\)/);
  });

  it('refuses a zip bomb that boasts of its size', async () => {
    const zip = await zipOf({ 'bot_info.json': botInfo(), 'filler.bin': 'x' });
    await expectRefused(
      zipFile(declareSize(zip, 'filler.bin', 0xfffffff0)),
      'The bot file is too large once unpacked.',
    );
  });

  it('refuses a zip bomb that lies about its size, counting while it inflates', async () => {
    // 8 MB of spaces compress to a few kilobytes; the entry claims to hold 200 bytes.
    const json = botInfo({ description: ' '.repeat(8 * 1024 * 1024) });
    const zip = await zipOf({ 'bot_info.json': json });
    expect(zip.length).toBeLessThan(100 * 1024);
    await expectRefused(zipFile(declareSize(zip, 'bot_info.json', 200)), 'bot_info.json is too large.');
  });

  it('refuses an avatar that is a program renamed .png', async () => {
    await expectRefused(
      await zipWith({
        'bot_info.json': botInfo({ customAvatar: 'theme_assets/avatars/evil.png' }),
        'theme_assets/avatars/evil.png': EXE,
      }),
      'Avatars in the bot file must be jpg, jpeg, png, gif or webp images.',
    );
    await expectRefused(
      await zipWith({ 'bot_info.json': botInfo(), 'theme_assets/avatars/run.exe': EXE }),
      'Avatars in the bot file must be jpg, jpeg, png, gif or webp images.',
    );
  });

  it('refuses an avatar reference to a file the archive does not hold', async () => {
    await expectRefused(
      await zipWith({ 'bot_info.json': botInfo({ customAvatar: 'theme_assets/avatars/gone.png' }) }),
      'The avatar theme_assets/avatars/gone.png is missing from the bot file.',
    );
  });

  it('refuses a request without a file', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/import',
      ...withHeaders(multipart({ uploaded_bot_file: 'text' }), owner),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  // Last in the file: it breaks this app's database on purpose.
  it('writes nothing when the transaction fails half-way', async () => {
    const [bots, files] = [await botCount(), fileCount()];
    // The theme insert, the second write of the import, now fails.
    await sql`drop table themes`.execute(t.app.db);
    const data = await zipOf({
      'bot_info.json': botInfo({ customAvatar: 'theme_assets/avatars/a.png' }),
      'theme_assets/avatars/a.png': PNG,
    });
    const res = await upload(zipFile(data));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: 'Something went wrong on our side.' });
    expect(await botCount()).toBe(bots);
    expect(fileCount()).toBe(files);
  });
});
