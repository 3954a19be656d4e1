import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import {
  botOf,
  customer,
  download,
  EXE,
  file,
  formOf,
  GIF,
  PNG,
  pngOfSize,
  send,
  storedContent,
  templateOf,
  WEBP,
  type Customer,
} from './content-support.js';

describe('image content', () => {
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

  const url = () => `/api/content/image/${botId}`;
  const contentDir = () => path.join(t.config.dataDir, 'uploads', 'content');
  const storedFiles = () => (fs.existsSync(contentDir()) ? fs.readdirSync(contentDir()).sort() : []);

  it('stores an image from the device and serves it back as what it is', async () => {
    const res = await send(
      t,
      'POST',
      url(),
      formOf(
        {
          title: 'Logo',
          reviewable: 'true',
          content_id: 'img-1',
          type: 'image',
          image: file('logo.png', PNG),
        },
        owner,
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.url).toMatch(/^http:\/\/botflow\.test\/uploads\/content\/[0-9a-f]{32}\.png$/);
    expect(body.content).toMatchObject({
      id: 'img-1',
      type: 'image',
      title: 'Logo',
      content: { en: body.url },
    });
    const served = await download(t, body.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // Stored as a path, so a change of public address does not break it.
    expect(JSON.parse((await storedContent(t, botId, 'img-1'))!.content).en).toBe(new URL(body.url).pathname);
  });

  it('names the file by its content: a gif called .png is served as a gif', async () => {
    const res = await send(
      t,
      'POST',
      url(),
      formOf({ title: 'Anim', image: file('anim.png', GIF, 'image/png') }, owner),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/\.gif$/);
    expect((await download(t, res.json().url)).headers['content-type']).toBe('image/gif');
    const webp = await send(t, 'POST', url(), formOf({ title: 'Photo', image: file('p.webp', WEBP) }, owner));
    expect(webp.json().url).toMatch(/\.webp$/);
  });

  it('stores an image URL as an image-link, as given', async () => {
    const link = 'https://cdn.example.com/pictures/cat.jpg';
    const res = await send(
      t,
      'POST',
      url(),
      formOf({ title: 'Cat', image_url: link, reviewable: 'false', content_id: 'cat' }, owner),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      url: link,
      content: { type: 'image-link', content: { en: link }, reviewable: false },
    });
  });

  it('refuses uploads that are not images, too large or empty, and writes nothing', async () => {
    const before = storedFiles();
    const cases: [ReturnType<typeof file>, string][] = [
      [file('virus.png', EXE, 'image/png'), 'image must be a jpg, png, gif or webp image'],
      [file('notes.txt', Buffer.from('hello'), 'text/plain'), 'image must be a jpg, png, gif or webp image'],
      [file('huge.png', pngOfSize(5 * 1024 * 1024), 'image/png'), 'image is too large (5 MB at most)'],
      [file('empty.png', Buffer.alloc(0), 'image/png'), 'image is empty'],
    ];
    for (const [image, message] of cases) {
      const res = await send(t, 'POST', url(), formOf({ title: 'Bad', image }, owner));
      expect(res.statusCode, image.filename).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message, key: 'image' });
    }
    expect(storedFiles()).toEqual(before);
  });

  it('needs an image or a URL (not both), a title, and an http URL', async () => {
    const cases: [Record<string, string | ReturnType<typeof file>>, string][] = [
      [{ title: 'None' }, 'image or image_url is required'],
      [
        { title: 'Both', image: file('a.png', PNG), image_url: 'https://x.example/a.png' },
        'Send either image or image_url, not both',
      ],
      [{ image: file('a.png', PNG) }, 'title is required'],
      [{ title: 'Script', image_url: 'javascript:alert(1)' }, 'image_url must be an http or https URL'],
    ];
    for (const [fields, message] of cases) {
      const res = await send(t, 'POST', url(), formOf(fields, owner));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('replaces the image with PUT and removes the old file; a title change keeps it', async () => {
    const first = (
      await send(
        t,
        'POST',
        url(),
        formOf({ title: 'Old', content_id: 'swap', image: file('a.png', PNG) }, owner),
      )
    ).json();
    const renamed = await send(t, 'PUT', url(), formOf({ title: 'Renamed', content_id: 'swap' }, owner));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ url: first.url, content: { title: 'Renamed', type: 'image' } });
    // The editor may echo the current image back as text.
    const echoed = await send(
      t,
      'PUT',
      url(),
      formOf({ title: 'Echo', content_id: 'swap', image: first.url }, owner),
    );
    expect(echoed.json().url).toBe(first.url);

    const replaced = await send(
      t,
      'PUT',
      url(),
      formOf({ title: 'New', content_id: 'swap', image: file('b.gif', GIF) }, owner),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().url).not.toBe(first.url);
    expect((await download(t, first.url)).statusCode).toBe(404);
    expect((await download(t, replaced.json().url)).rawPayload.equals(GIF)).toBe(true);

    const toLink = await send(
      t,
      'PUT',
      url(),
      formOf({ title: 'Link', content_id: 'swap', image_url: 'https://cdn.example.com/x.png' }, owner),
    );
    expect(toLink.json().content.type).toBe('image-link');
    expect((await download(t, replaced.json().url)).statusCode).toBe(404);
    expect((await send(t, 'PUT', url(), formOf({ title: 'X', content_id: 'ghost' }, owner))).statusCode).toBe(
      404,
    );
  });

  it("refuses another customer's bot and writes no file", async () => {
    const before = storedFiles();
    const res = await send(
      t,
      'POST',
      url(),
      formOf({ title: 'Mine', content_id: 'sneaky', image: file('a.png', PNG) }, stranger),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Bot not found');
    expect(storedFiles()).toEqual(before);
    const put = await send(
      t,
      'PUT',
      url(),
      formOf({ title: 'Mine', content_id: 'cat', image_url: 'https://evil.example/x.png' }, stranger),
    );
    expect(put.statusCode).toBe(404);
    expect(JSON.parse((await storedContent(t, botId, 'cat'))!.content).en).toBe(
      'https://cdn.example.com/pictures/cat.jpg',
    );
  });

  it('stores template images under the template', async () => {
    await templateOf(t, owner, botId, 'Promo');
    const res = await send(
      t,
      'POST',
      `/api/content/flow_template/image/Promo?bot_id=${botId}`,
      formOf({ title: 'Banner', content_id: 'banner', image: file('b.png', PNG) }, owner),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({
      template_name: 'Promo',
      is_template_content: true,
      type: 'image',
    });
    // bot_id may come as a form field as well.
    const inForm = await send(
      t,
      'PUT',
      '/api/content/flow_template/image/Promo',
      formOf({ title: 'Banner 2', content_id: 'banner', bot_id: String(botId) }, owner),
    );
    expect(inForm.statusCode, inForm.body).toBe(200);
    expect((await storedContent(t, botId, 'banner'))!.template_name).toBe('Promo');
  });
});
