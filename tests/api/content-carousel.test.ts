import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import {
  botOf,
  customer,
  download,
  EXE,
  file,
  GIF,
  JPEG,
  multipartParts,
  PNG,
  send,
  storedContent,
  templateOf,
  type Customer,
  type FilePart,
} from './content-support.js';

type Item = { id: string | number; type: string; url?: string; name?: string; targetListPath?: string };

describe('carousel content', () => {
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

  const url = () => `/api/content/carousel/${botId}`;
  const carouselForm = (fields: Record<string, string>, items: unknown, images: FilePart[], who = owner) =>
    multipartParts(
      [
        ...Object.entries(fields),
        ['content', typeof items === 'string' ? items : JSON.stringify(items)],
        ...images.map((image): [string, FilePart] => ['images', image]),
      ],
      who,
    );

  const items: Item[] = [
    { id: 1, type: 'file' },
    { id: 2, type: 'url', url: 'https://cdn.example.com/shoe.jpg' },
    { id: 3, type: 'file', url: 'blob:http://localhost:5173/1234' },
    { id: 4, type: 'list', name: 'products', targetListPath: 'items' },
  ];

  it('gives each device item the next uploaded image, in order', async () => {
    const res = await send(
      t,
      'POST',
      url(),
      carouselForm({ title: 'Shoes', carousel_id: 'shoes' }, items, [file('a.png', PNG), file('b.gif', GIF)]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { content } = res.json();
    expect(content).toMatchObject({ id: 'shoes', type: 'image-carousel', title: 'Shoes', url: null });
    const saved: Item[] = content.content.en;
    expect(saved.map((item) => item.id)).toEqual([1, 2, 3, 4]);
    expect(saved[0].url).toMatch(/^http:\/\/botflow\.test\/uploads\/content\/[0-9a-f]{32}\.png$/);
    expect(saved[2].url).toMatch(/\.gif$/);
    expect(saved[1].url).toBe('https://cdn.example.com/shoe.jpg');
    expect(saved[3]).toEqual(items[3]);
    expect((await download(t, saved[0].url!)).rawPayload.equals(PNG)).toBe(true);
    expect((await download(t, saved[2].url!)).headers['content-type']).toBe('image/gif');
    expect(JSON.parse((await storedContent(t, botId, 'shoes'))!.files)).toHaveLength(2);
  });

  it('takes the item list as { en: items } too, and needs no upload for link items', async () => {
    const res = await send(
      t,
      'POST',
      url(),
      carouselForm(
        { title: 'Links' },
        { en: [{ id: 'a', type: 'url', url: 'https://x.example/1.png' }] },
        [],
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content.content.en).toEqual([{ id: 'a', type: 'url', url: 'https://x.example/1.png' }]);
  });

  it('refuses a count mismatch, bad images, and malformed or empty item lists', async () => {
    const cases: [ReturnType<typeof carouselForm>, string][] = [
      [
        carouselForm({ title: 'T' }, items, [file('a.png', PNG)]),
        'Each carousel item from the device needs one image: 2 waiting, 1 sent',
      ],
      [
        carouselForm({ title: 'T' }, items, [file('a.png', PNG), file('x.png', EXE, 'image/png')]),
        'images must be a jpg, png, gif or webp image',
      ],
      [
        carouselForm({ title: 'T' }, items, [file('a.png', PNG), file('e.png', Buffer.alloc(0))]),
        'images is empty',
      ],
      [carouselForm({ title: 'T' }, [], []), 'A carousel needs at least one item'],
      [carouselForm({ title: 'T' }, '{not json', []), 'content must be a list of carousel items'],
      [
        carouselForm({ title: 'T' }, [{ id: 1, type: 'video' }], []),
        'content must be a list of carousel items (item 0.type)',
      ],
      [carouselForm({ title: ' ' }, items.slice(1, 2), []), 'title is required'],
    ];
    for (const [body, message] of cases) {
      const res = await send(t, 'POST', url(), body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
  });

  it('keeps, drops and adds images on PUT; dropped files are removed', async () => {
    const made = (
      await send(
        t,
        'POST',
        url(),
        carouselForm(
          { title: 'Edit', carousel_id: 'edit' },
          [items[0], items[2]],
          [file('a.png', PNG), file('b.gif', GIF)],
        ),
      )
    ).json().content.content.en as Item[];
    // Keep the second (echoed as the absolute URL the server gave), drop the first, add a new one.
    const next = [made[1], { id: 9, type: 'file' }];
    const res = await send(
      t,
      'PUT',
      url(),
      carouselForm({ title: 'Edited', carousel_id: 'edit' }, next, [file('c.jpg', JPEG)]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved: Item[] = res.json().content.content.en;
    expect(saved[0].url).toBe(made[1].url);
    expect(saved[1].url).toMatch(/\.jpg$/);
    expect((await download(t, made[0].url!)).statusCode).toBe(404);
    expect((await download(t, made[1].url!)).statusCode).toBe(200);
    expect((await download(t, saved[1].url!)).headers['content-type']).toBe('image/jpeg');
    expect(JSON.parse((await storedContent(t, botId, 'edit'))!.files)).toHaveLength(2);
  });

  it("refuses an item naming another element's upload, so it can never delete it", async () => {
    const other = (
      await send(
        t,
        'POST',
        url(),
        carouselForm({ title: 'Other', carousel_id: 'other' }, [items[0]], [file('a.png', PNG)]),
      )
    ).json().content.content.en as Item[];
    const res = await send(
      t,
      'POST',
      url(),
      carouselForm(
        { title: 'Thief', carousel_id: 'thief' },
        [{ id: 1, type: 'file', url: other[0].url }],
        [],
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Carousel item 1 names an image of another element');
    const relative = new URL(other[0].url!).pathname;
    const put = await send(
      t,
      'PUT',
      url(),
      carouselForm({ title: 'Thief', carousel_id: 'shoes' }, [{ id: 1, type: 'file', url: relative }], []),
    );
    expect(put.statusCode).toBe(400);
    expect((await download(t, other[0].url!)).statusCode).toBe(200);
  });

  it('refuses a PUT on a missing or non-carousel id, and other customers', async () => {
    const missing = await send(
      t,
      'PUT',
      url(),
      carouselForm({ title: 'T', carousel_id: 'ghost' }, items.slice(1, 2), []),
    );
    expect(missing.statusCode).toBe(404);
    const foreign = await send(
      t,
      'POST',
      url(),
      carouselForm(
        { title: 'T', carousel_id: 'foreign' },
        items,
        [file('a.png', PNG), file('b.png', PNG)],
        stranger,
      ),
    );
    expect(foreign.statusCode).toBe(404);
    expect(await storedContent(t, botId, 'foreign')).toBeUndefined();
  });

  it('stores template carousels under the template', async () => {
    await templateOf(t, owner, botId, 'Catalog');
    const res = await send(
      t,
      'POST',
      `/api/content/flow_template/carousel/Catalog?bot_id=${botId}`,
      carouselForm({ title: 'Catalog', carousel_id: 'cat-car' }, [items[0]], [file('a.png', PNG)]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({ template_name: 'Catalog', type: 'image-carousel' });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/content/flow_template/Catalog?bot_id=${botId}`,
      headers: owner.headers,
    });
    expect(listed.json().content.map((c: { id: string }) => c.id)).toEqual(['cat-car']);
  });
});
