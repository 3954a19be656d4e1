import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import {
  botOf,
  call,
  customer,
  download,
  EXE,
  file,
  formOf,
  GIF,
  JPEG,
  PDF,
  PNG,
  send,
  storedContent,
  templateOf,
  WEBP,
  type Customer,
} from './content-support.js';

describe('file variables', () => {
  let t: TestApp;
  let owner: Customer;
  let stranger: Customer;
  let botId: number;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
    stranger = await customer(t);
    botId = await botOf(t, owner);
  });
  afterAll(() => t.close());

  const url = () => `/api/content/file/${botId}`;
  const upload = (
    fields: Record<string, string | ReturnType<typeof file>>,
    who = owner,
    method: 'POST' | 'PUT' = 'POST',
  ) => send(t, method, url(), formOf(fields, who));

  it('stores a PDF under the variable id and serves it as a PDF', async () => {
    const res = await upload({
      variable_id: 'invoice',
      file: file('Invoice March.pdf', PDF, 'application/pdf'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      variable_id: 'invoice',
      file: { id: 'invoice', name: 'Invoice March.pdf', type: 'application/pdf', size: PDF.length },
      content: { id: 'invoice', type: 'file-variable', title: 'Invoice March.pdf' },
    });
    expect(body.file.url).toMatch(/^http:\/\/botflow\.test\/uploads\/content\/[0-9a-f]{32}\.pdf$/);
    const served = await download(t, body.file.url);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(PDF)).toBe(true);
  });

  it('accepts gif, jpeg and png by their content', async () => {
    for (const [name, data, type] of [
      ['a.gif', GIF, 'image/gif'],
      ['b.jpeg', JPEG, 'image/jpeg'],
      ['c.png', PNG, 'image/png'],
    ] as const) {
      const res = await upload({ file: file(name, data) });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.json().file.type).toBe(type);
      expect((await download(t, res.json().file.url)).headers['content-type']).toBe(type);
    }
  });

  it("refuses other files as 'Unsupported file', and empty or too large ones", async () => {
    const cases: [ReturnType<typeof file>, string][] = [
      [file('photo.webp', WEBP, 'image/webp'), 'Unsupported file'],
      [file('tool.pdf', EXE, 'application/pdf'), 'Unsupported file'],
      [file('notes.txt', Buffer.from('plain text'), 'text/plain'), 'Unsupported file'],
      [file('empty.pdf', Buffer.alloc(0), 'application/pdf'), 'file is empty'],
      [
        file('big.pdf', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), 'application/pdf'),
        'file is too large (10 MB at most)',
      ],
    ];
    for (const [part, message] of cases) {
      const res = await upload({ variable_id: 'refused', file: part });
      expect(res.statusCode, part.filename).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message, key: 'file' });
    }
    expect(await storedContent(t, botId, 'refused')).toBeUndefined();
    const noFile = await upload({ variable_id: 'nofile' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('file is required');
  });

  it('replaces a file with PUT and removes the old one', async () => {
    const first = (await upload({ variable_id: 'photo', file: file('a.png', PNG) })).json();
    const res = await upload({ variable_id: 'photo', file: file('b.pdf', PDF) }, owner, 'PUT');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'File replaced',
      file: { name: 'b.pdf', type: 'application/pdf' },
    });
    expect((await download(t, first.file.url)).statusCode).toBe(404);
    expect((await download(t, res.json().file.url)).statusCode).toBe(200);
    expect((await upload({ variable_id: 'nobody', file: file('a.png', PNG) }, owner, 'PUT')).statusCode).toBe(
      404,
    );
    const taken = await upload({ variable_id: 'photo', file: file('a.png', PNG) });
    expect(taken.statusCode).toBe(409);
  });

  it('deletes files by variable_ids, comma-joined or as a JSON array', async () => {
    const a = (await upload({ variable_id: 'del-a', file: file('a.png', PNG) })).json();
    const b = (await upload({ variable_id: 'del-b', file: file('b.png', PNG) })).json();
    const c = (await upload({ variable_id: 'del-c', file: file('c.pdf', PDF) })).json();
    const joined = await send(t, 'DELETE', url(), formOf({ variable_ids: 'del-a,del-b,never' }, owner));
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ success: true, deleted: ['del-a', 'del-b'], missing: ['never'] });
    expect((await download(t, a.file.url)).statusCode).toBe(404);
    expect((await download(t, b.file.url)).statusCode).toBe(404);
    expect(await storedContent(t, botId, 'del-a')).toBeUndefined();

    const json = await call(t, owner, 'DELETE', url(), { variable_ids: ['del-c'] });
    expect(json.json().deleted).toEqual(['del-c']);
    expect((await download(t, c.file.url)).statusCode).toBe(404);
    const none = await call(t, owner, 'DELETE', url(), {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('variable_ids is required');
  });

  it('only deletes file variables, never other content', async () => {
    await call(t, owner, 'POST', `/api/content/${botId}`, {
      id: 'txt',
      title: 'T',
      type: 'text',
      content: { en: 'x' },
    });
    const res = await call(t, owner, 'DELETE', url(), { variable_ids: 'txt' });
    expect(res.json()).toMatchObject({ deleted: [], missing: ['txt'] });
    expect(await storedContent(t, botId, 'txt')).toBeDefined();
  });

  it("refuses another customer's bot for upload, replace and delete", async () => {
    const mine = (await upload({ variable_id: 'mine', file: file('a.png', PNG) })).json();
    expect((await upload({ variable_id: 'theirs', file: file('a.png', PNG) }, stranger)).statusCode).toBe(
      404,
    );
    expect(
      (await upload({ variable_id: 'mine', file: file('b.pdf', PDF) }, stranger, 'PUT')).statusCode,
    ).toBe(404);
    const del = await call(t, stranger, 'DELETE', url(), { variable_ids: ['mine'] });
    expect(del.statusCode).toBe(404);
    expect(del.json().message).toBe('Bot not found');
    expect((await download(t, mine.file.url)).rawPayload.equals(PNG)).toBe(true);
    expect(await storedContent(t, botId, 'theirs')).toBeUndefined();
  });

  it('keeps template file variables under the template', async () => {
    await templateOf(t, owner, botId, 'Docs');
    const path = `/api/content/flow_template/file/Docs?bot_id=${botId}`;
    const res = await send(t, 'POST', path, formOf({ variable_id: 'doc', file: file('d.pdf', PDF) }, owner));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content.template_name).toBe('Docs');
    // The main flow's delete does not reach the template's file.
    const fromMain = await call(t, owner, 'DELETE', url(), { variable_ids: ['doc'] });
    expect(fromMain.json().deleted).toEqual([]);
    const fromTemplate = await call(t, owner, 'DELETE', path, { variable_ids: ['doc'] });
    expect(fromTemplate.json().deleted).toEqual(['doc']);
    expect((await download(t, res.json().file.url)).statusCode).toBe(404);
  });
});
