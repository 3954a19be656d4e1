import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import {
  botOf,
  call,
  customer,
  download,
  file,
  formOf,
  GIF,
  multipartParts,
  PDF,
  PNG,
  send,
  storedContent,
  templateOf,
  type Customer,
} from './content-support.js';

type Element = { id: string; new_id: string; path: string | null; type: string; content: unknown };

describe('cloning content for a duplicated node', () => {
  let t: TestApp;
  let owner: Customer;
  let stranger: Customer;
  let botId: number;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
    stranger = await customer(t);
    botId = await botOf(t, owner);
    await call(t, owner, 'POST', `/api/content/${botId}`, {
      id: 'hello',
      title: 'Hello',
      type: 'text',
      content: { en: 'Hello', es: 'Hola' },
    });
    await send(
      t,
      'POST',
      `/api/content/image/${botId}`,
      formOf({ title: 'Logo', content_id: 'logo', image: file('l.png', PNG) }, owner),
    );
    await send(
      t,
      'POST',
      `/api/content/carousel/${botId}`,
      multipartParts(
        [
          ['title', 'Gallery'],
          ['carousel_id', 'gallery'],
          [
            'content',
            JSON.stringify([
              { id: 1, type: 'file' },
              { id: 2, type: 'url', url: 'https://x.example/2.png' },
            ]),
          ],
          ['images', file('g.gif', GIF)],
        ],
        owner,
      ),
    );
    await send(
      t,
      'POST',
      `/api/content/file/${botId}`,
      formOf({ variable_id: 'doc', file: file('d.pdf', PDF) }, owner),
    );
  });
  afterAll(() => t.close());

  const clone = (payload: unknown, who = owner, path = `/api/content/${botId}/clone`) =>
    call(t, who, 'POST', path, payload);
  const original = async (id: string) =>
    (await call(t, owner, 'GET', `/api/content/${botId}`))
      .json()
      .content.find((c: { id: string }) => c.id === id);

  it('copies each element under a new id, with copies of its files', async () => {
    const res = await clone(['hello', 'logo', 'gallery', 'doc']);
    expect(res.statusCode, res.body).toBe(200);
    const elements: Element[] = res.json().elements;
    expect(elements.map((e) => e.id)).toEqual(['hello', 'logo', 'gallery', 'doc']);
    expect(new Set(elements.map((e) => e.new_id)).size).toBe(4);
    for (const element of elements) expect(element.new_id).not.toBe(element.id);

    const [text, logo, gallery, doc] = elements;
    expect(text).toMatchObject({ path: null, content: { en: 'Hello', es: 'Hola' } });
    expect((await storedContent(t, botId, text.new_id))!.title).toBe('Hello');

    const logoBefore = await original('logo');
    expect(logo.path).toMatch(/^http:\/\/botflow\.test\/uploads\/content\/[0-9a-f]{32}\.png$/);
    expect(logo.path).not.toBe(logoBefore.url);
    expect(logo.content).toEqual({ en: logo.path });
    expect((await download(t, logo.path!)).rawPayload.equals(PNG)).toBe(true);

    const galleryBefore = (await original('gallery')).content.en;
    const copied = (gallery.content as { en: { url: string }[] }).en;
    expect(copied[0].url).not.toBe(galleryBefore[0].url);
    expect((await download(t, copied[0].url)).rawPayload.equals(GIF)).toBe(true);
    expect(copied[1].url).toBe('https://x.example/2.png');

    expect(doc.path).toMatch(/\.pdf$/);
    expect((await download(t, doc.path!)).headers['content-type']).toBe('application/pdf');
  });

  it('leaves the original alone when the copy changes', async () => {
    const [copy] = (await clone({ ids: ['doc'] })).json().elements as Element[];
    const before = await original('doc');
    const del = await call(t, owner, 'DELETE', `/api/content/file/${botId}`, { variable_ids: [copy.new_id] });
    expect(del.json().deleted).toEqual([copy.new_id]);
    expect((await download(t, copy.path!)).statusCode).toBe(404);
    expect((await download(t, before.url)).rawPayload.equals(PDF)).toBe(true);
  });

  it('takes ids comma-joined in a form, and lists ids it has no content for', async () => {
    const res = await send(
      t,
      'POST',
      `/api/content/${botId}/clone`,
      formOf({ ids: 'hello,never-saved' }, owner),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().elements.map((e: Element) => e.id)).toEqual(['hello']);
    expect(res.json().missing).toEqual(['never-saved']);
    const empty = await clone([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('ids is required');
    const tooMany = await clone(Array.from({ length: 201 }, (_, i) => `id${i}`));
    expect(tooMany.statusCode).toBe(400);
  });

  it('copies from another bot of the same customer into this one (a paste, issue 20 §3)', async () => {
    const target = await botOf(t, owner);
    const res = await clone(
      { ids: ['hello', 'logo'], from_bot_id: botId },
      owner,
      `/api/content/${target}/clone`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [text, logo] = res.json().elements as Element[];
    expect(text).toMatchObject({ id: 'hello', content: { en: 'Hello', es: 'Hola' } });
    const stored = await t.app.db
      .selectFrom('contents')
      .select(['bot_id'])
      .where('id', 'in', [text.new_id, logo.new_id])
      .execute();
    expect(stored.map((row) => row.bot_id)).toEqual([target, target]);
    expect((await download(t, logo.path!)).rawPayload.equals(PNG)).toBe(true);
    // Another customer cannot read this customer's bot by naming it as the source.
    const strangerBot = await botOf(t, stranger);
    const refused = await clone(
      { ids: ['hello'], from_bot_id: botId },
      stranger,
      `/api/content/${strangerBot}/clone`,
    );
    expect(refused.statusCode).toBe(404);
  });

  it("refuses another customer's bot and copies nothing", async () => {
    const res = await clone(['logo'], stranger);
    expect(res.statusCode).toBe(404);
    const strangerBot = await botOf(t, stranger);
    // Their own bot has no such ids: nothing of ours is reachable through it.
    const own = await clone(['logo', 'doc'], stranger, `/api/content/${strangerBot}/clone`);
    expect(own.json()).toMatchObject({ elements: [], missing: ['logo', 'doc'] });
  });

  it('clones template content within its template', async () => {
    await templateOf(t, owner, botId, 'Help');
    const base = `/api/content/flow_template`;
    await call(t, owner, 'POST', `${base}/Help?bot_id=${botId}`, {
      id: 'help-text',
      title: 'Help',
      type: 'text',
      content: { en: 'Ask me' },
    });
    const res = await clone(['help-text', 'hello'], owner, `${base}/Help/clone?bot_id=${botId}`);
    expect(res.statusCode, res.body).toBe(200);
    // 'hello' belongs to the main flow, not to this template.
    expect(res.json().missing).toEqual(['hello']);
    const [copy] = res.json().elements as Element[];
    expect((await storedContent(t, botId, copy.new_id))!.template_name).toBe('Help');
  });
});
