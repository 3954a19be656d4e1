// Deleting a bot or one of its flow templates deletes the content elements with it, and the files
// they owned: nothing is left on the disk that no row refers to, and a template made again under
// the same name starts empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import {
  botOf,
  call,
  customer,
  download,
  file,
  formOf,
  PDF,
  PNG,
  send,
  templateOf,
  type Customer,
} from './content-support.js';

describe('content of a deleted bot or template', () => {
  let t: TestApp;
  let owner: Customer;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
  });
  afterAll(() => t.close());

  const uploadImage = async (path: string, id: string) => {
    const res = await send(
      t,
      'POST',
      path,
      formOf({ content_id: id, title: id, image: file('a.png', PNG) }, owner),
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().url as string;
  };

  it("removes a template's elements and their files, and leaves the main flow's", async () => {
    const botId = await botOf(t, owner);
    await templateOf(t, owner, botId, 'Returns');
    const inMain = await uploadImage(`/api/content/image/${botId}`, 'logo');
    const inTemplate = await uploadImage(`/api/content/flow_template/image/Returns?bot_id=${botId}`, 'label');

    const res = await call(t, owner, 'DELETE', `/api/flow_template/Returns?bot_id=${botId}`);
    expect(res.statusCode, res.body).toBe(200);

    expect((await download(t, inTemplate)).statusCode).toBe(404);
    expect((await download(t, inMain)).rawPayload.equals(PNG)).toBe(true);
    await templateOf(t, owner, botId, 'Returns');
    const again = await call(t, owner, 'GET', `/api/content/flow_template/Returns?bot_id=${botId}`);
    expect(again.json()).toEqual({ success: true, content: [] });
    const rows = await t.app.db.selectFrom('contents').select('id').where('bot_id', '=', botId).execute();
    expect(rows.map((row) => row.id)).toEqual(['logo']);
  });

  it("removes every file of a deleted bot's elements, and no other bot's", async () => {
    const botId = await botOf(t, owner);
    const other = await botOf(t, owner);
    await templateOf(t, owner, botId, 'Docs');
    const image = await uploadImage(`/api/content/image/${botId}`, 'banner');
    const doc = await send(
      t,
      'POST',
      `/api/content/flow_template/file/Docs?bot_id=${botId}`,
      formOf({ variable_id: 'terms', file: file('terms.pdf', PDF) }, owner),
    );
    expect(doc.statusCode, doc.body).toBe(200);
    const kept = await uploadImage(`/api/content/image/${other}`, 'banner');

    const res = await call(t, owner, 'DELETE', `/api/bot/${botId}`);
    expect(res.statusCode, res.body).toBe(200);

    expect((await download(t, image)).statusCode).toBe(404);
    expect((await download(t, doc.json().file.url)).statusCode).toBe(404);
    expect((await download(t, kept)).rawPayload.equals(PNG)).toBe(true);
  });
});
