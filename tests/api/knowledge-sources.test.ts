// Knowledge sources (issue 17): files, links and videos go queued → processed through the real
// jobs runner and become searchable; every call is the signed-in customer's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replacePassages } from '../../server/knowledge/passage-store.js';
import { textPdf } from '../fixtures/pdf.js';
import { file } from './content-support.js';
import {
  addText,
  customer,
  knowledgeWorld,
  list,
  post,
  search,
  settled,
  type Customer,
  type KnowledgeWorld,
} from './knowledge-support.js';

describe('knowledge sources', () => {
  let w: KnowledgeWorld;
  let owner: Customer;
  let stranger: Customer;
  beforeAll(async () => {
    w = await knowledgeWorld();
    owner = await customer(w.t);
    stranger = await customer(w.t);
  });
  afterAll(() => w.close());

  it('indexes a PDF page by page and finds it with its page', async () => {
    const pdf = textPdf(['Welcome to the handbook.', 'Refunds are paid within fourteen days of the return.']);
    const res = await post(w.t, owner, '/api/process-file', {
      file: file('Handbook.pdf', pdf, 'application/pdf'),
      language: '2',
      tags: 'policy,shop',
      customer_id: String(owner.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    const added = res.json().file;
    expect(added).toMatchObject({
      name: 'Handbook.pdf',
      file_type: 'pdf',
      status: 'queued',
      processed: false,
      tags: ['policy', 'shop'],
    });
    const done = await settled(w.t, owner, 'files', added.id);
    expect(done).toMatchObject({ status: 'processed', processed: true, passages: 2, language: 2 });
    expect(typeof done.updated_at).toBe('string');
    const found = await search(w.t, owner, { query: 'When are refunds paid?' });
    expect(found.mode).toBe('bm25');
    expect(found.passages[0]).toMatchObject({
      source: { kind: 'file', id: added.id, name: 'Handbook.pdf', page: 2 },
    });
    expect(found.passages[0].snippet).toContain('<mark>Refunds</mark>');
  });

  it('indexes plain text under a normalised title', async () => {
    const added = await addText(w.t, owner, 'Opening Hours!', 'The shop opens at nine.');
    expect(added.name).toBe('opening_hours.txt');
    expect(await settled(w.t, owner, 'files', added.id)).toMatchObject({ status: 'processed' });
  });

  it('refuses other types, a missing language and an empty title, storing nothing', async () => {
    const before = (await list(w.t, owner, 'files')).files.length;
    const exe = await post(w.t, owner, '/api/process-file', {
      file: file('tool.exe', Buffer.from('MZ\u0000\u0001'), 'application/octet-stream'),
      language: '2',
    });
    expect(exe.statusCode).toBe(400);
    expect(exe.json().message).toBe('Only PDF or TXT files are allowed');
    const fakePdf = await post(w.t, owner, '/api/process-file', {
      file: file('fake.pdf', Buffer.from('hello'), 'application/pdf'),
      language: '2',
    });
    expect(fakePdf.json().message).toBe('Only PDF or TXT files are allowed');
    const noLanguage = await post(w.t, owner, '/api/process-file', { plain_text: 'x', text_title: 'x' });
    expect(noLanguage.statusCode).toBe(400);
    expect(noLanguage.json().message).toMatch(/language/);
    const noTitle = await post(w.t, owner, '/api/process-file', {
      plain_text: 'x',
      text_title: '!!',
      language: '2',
    });
    expect(noTitle.json()).toMatchObject({ message: 'text_title is required' });
    expect((await list(w.t, owner, 'files')).files.length).toBe(before);
  });

  it('indexes one web page with its title, and a recursive link as a crawl with a report', async () => {
    const single = await post(w.t, owner, '/api/process-link', {
      name: '',
      link: `${w.siteUrl}/brewing`,
      recursive: '0',
    });
    expect(single.statusCode, single.body).toBe(200);
    expect(single.json().link).toMatchObject({ name: 'N/A', recursive: false });
    const one = await settled(w.t, owner, 'links', single.json().link.id);
    expect(one).toMatchObject({ status: 'processed', metadata: { title: 'Brewing guide' } });

    const crawl = await post(w.t, owner, '/api/process-link', {
      name: 'Tea site',
      link: `${w.siteUrl}/`,
      recursive: '1',
    });
    const done = (await settled(w.t, owner, 'links', crawl.json().link.id)) as unknown as {
      status: string;
      report: { indexed: { url: string }[]; skipped: { url: string; reason: string }[] };
    };
    expect(done.status).toBe('processed');
    const indexed = done.report.indexed.map((p) => new URL(p.url).pathname);
    // Breadth-first to depth 2: /brewing/oolong is in, /brewing/oolong/deep (depth 3) is not;
    // /returns is only in the sitemap; /old-brewing redirects to /brewing, already indexed.
    expect(indexed).toEqual(
      expect.arrayContaining(['/', '/brewing', '/shipping', '/returns', '/brewing/oolong']),
    );
    expect(indexed).not.toContain('/brewing/oolong/deep');
    expect(indexed.length).toBeLessThanOrEqual(50);
    expect(done.report.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ url: `${w.siteUrl}/private/secret`, reason: 'disallowed by robots.txt' }),
        expect.objectContaining({ url: `${w.siteUrl}/away`, reason: expect.stringMatching(/^Refused/) }),
      ]),
    );
    expect(w.site.hits).not.toContain('/private/secret');
    const found = await search(w.t, owner, {
      query: 'Can I return unopened tea?',
      sources: { links: [crawl.json().link.id] },
    });
    expect(found.passages[0].source).toMatchObject({ kind: 'link', url: `${w.siteUrl}/returns` });
  });

  it('indexes a video transcript under the video title, with links to the moment', async () => {
    const res = await post(w.t, owner, '/api/process-video', {
      url: 'https://www.youtube.com/watch?v=teaBrewing1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const done = await settled(w.t, owner, 'videos', res.json().video.id);
    expect(done).toMatchObject({
      status: 'processed',
      name: 'How to brew oolong tea',
      metadata: { title: 'How to brew oolong tea' },
    });
    const found = await search(w.t, owner, {
      query: 'steep seconds degrees',
      sources: { videos: [done.id] },
    });
    expect(found.passages[0].text).toContain("at 90 degrees 'and' pour");
    expect(found.passages[0].source.url).toBe('https://www.youtube.com/watch?v=teaBrewing1&t=70s');
  });

  it('fails a video without captions with the reason, and indexes a pasted transcript', async () => {
    const res = await post(w.t, owner, '/api/process-video', { url: 'https://youtu.be/noCaptions1' });
    const failed = await settled(w.t, owner, 'videos', res.json().video.id);
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'This video has no captions. Paste its transcript to index it.',
      needs_transcript: true,
      name: 'A silent video',
    });
    const pasted = await post(w.t, owner, `/api/video/${owner.id}/${failed.id}/transcript`, {
      transcript: 'The silent video shows a tea ceremony in Kyoto.',
    });
    expect(pasted.statusCode, pasted.body).toBe(200);
    expect(await settled(w.t, owner, 'videos', failed.id)).toMatchObject({
      status: 'processed',
      needs_transcript: false,
    });
  });

  it('refuses addresses that are not links or YouTube videos', async () => {
    const link = await post(w.t, owner, '/api/process-link', {
      name: 'x',
      link: 'http://nodomain',
      recursive: '0',
    });
    expect(link.statusCode).toBe(400);
    const video = await post(w.t, owner, '/api/process-video', { url: 'https://vimeo.com/123456' });
    expect(video.statusCode).toBe(400);
  });

  it('finds the passages a source holds now, after they were replaced since the last search', async () => {
    // What another instance's re-processing does: the index kept for the search (PostgreSQL's
    // in-memory BM25, the vectors) follows the source's index_version, never the passages it saw.
    const added = await addText(w.t, owner, 'opening-hours', 'The tea shop opens at nine on weekdays.');
    await settled(w.t, owner, 'files', added.id);
    const asked = { query: 'When does the tea shop open?', sources: { files: [added.id] } };
    const before = await search(w.t, owner, asked);
    expect(before.passages[0].text).toContain('nine');
    const row = await w.t.app.db
      .selectFrom('knowledge_sources')
      .select('generation')
      .where('id', '=', added.id)
      .executeTakeFirstOrThrow();
    const replaced = { text: 'The tea shop opens at ten on weekdays.', position: 0, page: null, url: null };
    await replacePassages(
      w.t.app.db,
      { id: added.id, customerId: owner.id, generation: row.generation, language: 'en' },
      [{ ...replaced, heading: null, embedding: null }],
      Date.now(),
    );
    const after = await search(w.t, owner, asked);
    expect(after.passages.map((p) => p.text)).toEqual([replaced.text]);
  });

  it('removes a deleted source from the lists and from search at once', async () => {
    const added = await addText(w.t, owner, 'parking', 'Parking is behind the shop, free for customers.');
    await settled(w.t, owner, 'files', added.id);
    expect((await search(w.t, owner, { query: 'parking' })).passages).toHaveLength(1);
    const res = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/file/${owner.id}/${added.id}`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(w.t, owner, 'files')).files.map((f) => f.id)).not.toContain(added.id);
    expect((await search(w.t, owner, { query: 'parking' })).passages).toHaveLength(0);
    const again = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/file/${owner.id}/${added.id}`,
      headers: owner.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  describe("another customer's", () => {
    let item: number;
    beforeAll(async () => {
      item = (await addText(w.t, owner, 'secret-recipe', 'The secret blend is jasmine and mint.')).id;
      await settled(w.t, owner, 'files', item);
    });

    it('customer_id is refused (403) on every call, and nothing changes', async () => {
      const foreign = String(owner.id);
      for (const kind of ['files', 'links', 'videos']) {
        const res = await w.t.app.inject({
          method: 'GET',
          url: `/api/${kind}?customer_id=${foreign}`,
          headers: stranger.headers,
        });
        expect(res.statusCode, kind).toBe(403);
      }
      const calls = [
        post(w.t, stranger, '/api/process-file', {
          plain_text: 'x',
          text_title: 'x',
          language: '2',
          customer_id: foreign,
        }),
        post(w.t, stranger, '/api/process-link', {
          name: 'x',
          link: `${w.siteUrl}/`,
          recursive: '0',
          customer_id: foreign,
        }),
        post(w.t, stranger, '/api/process-video', {
          url: 'https://youtu.be/teaBrewing1',
          customer_id: foreign,
        }),
        post(w.t, stranger, `/api/file/${foreign}/${item}/retry`, {}),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(403);
      for (const kind of ['file', 'link', 'video']) {
        const res = await w.t.app.inject({
          method: 'DELETE',
          url: `/api/${kind}/${foreign}/${item}`,
          headers: stranger.headers,
        });
        expect(res.statusCode).toBe(403);
      }
      for (const kind of ['files', 'links', 'videos'] as const)
        expect((await list(w.t, stranger, kind))[kind]).toEqual([]);
      expect((await list(w.t, owner, 'files')).files.map((f) => f.id)).toContain(item);
    });

    it("items are missing (404) under the caller's own customer_id and never found by search", async () => {
      const res = await w.t.app.inject({
        method: 'DELETE',
        url: `/api/file/${stranger.id}/${item}`,
        headers: stranger.headers,
      });
      expect(res.statusCode).toBe(404);
      const found = await search(w.t, stranger, {
        query: 'secret blend jasmine',
        sources: { files: [item] },
      });
      expect(found.passages).toEqual([]);
      const own = await search(w.t, owner, { query: 'secret blend jasmine' });
      expect(own.passages[0].source.id).toBe(item);
    });

    it('calls without a bearer token answer 401', async () => {
      for (const [method, url] of [
        ['GET', '/api/files'],
        ['GET', '/api/links'],
        ['GET', '/api/videos'],
        ['POST', '/api/process-file'],
        ['POST', '/api/process-link'],
        ['POST', '/api/process-video'],
        ['DELETE', `/api/file/${owner.id}/${item}`],
        ['POST', '/api/knowledge/search'],
        ['GET', '/api/knowledge/gaps'],
      ] as const) {
        const res = await w.t.app.inject({ method, url });
        expect(res.statusCode, url).toBe(401);
      }
    });
  });
});
