// Hostile inputs (issue 17 item 3) end Failed with a clear reason and hurt nothing else: a good
// item added among them is still processed. Retry runs an item again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRUPT_PDF, textPdf } from '../fixtures/pdf.js';
import { file } from './content-support.js';
import {
  addText,
  customer,
  knowledgeWorld,
  post,
  settled,
  type Customer,
  type KnowledgeWorld,
} from './knowledge-support.js';

describe('hostile knowledge inputs', () => {
  let w: KnowledgeWorld;
  let owner: Customer;
  beforeAll(async () => {
    w = await knowledgeWorld();
    owner = await customer(w.t);
  });
  afterAll(() => w.close());

  const pdf = async (name: string, data: Buffer) => {
    const res = await post(w.t, owner, '/api/process-file', {
      file: file(name, data, 'application/pdf'),
      language: '2',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().file.id as number;
  };
  const link = async (address: string) => {
    const res = await post(w.t, owner, '/api/process-link', { name: 'x', link: address, recursive: '0' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().link.id as number;
  };

  it('fails each with its reason while a good item beside them is processed', async () => {
    const corrupt = await pdf('broken.pdf', CORRUPT_PDF);
    const huge = await pdf('huge.pdf', textPdf(Array.from({ length: 10_000 }, (_, i) => `Page ${i + 1}`)));
    const toPrivate = await link(`${w.siteUrl}/to-private`);
    const endless = await link(`${w.siteUrl}/endless`);
    const notHtml = await link(`${w.siteUrl}/catalogue.pdf`);
    const missing = await post(w.t, owner, '/api/process-video', {
      url: 'https://www.youtube.com/watch?v=doesNotExis',
    });
    const good = await addText(w.t, owner, 'good', 'Good items still get processed.');

    expect(await settled(w.t, owner, 'files', good.id)).toMatchObject({ status: 'processed' });
    expect(await settled(w.t, owner, 'files', corrupt)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^The PDF could not be read/),
    });
    expect(await settled(w.t, owner, 'files', huge)).toMatchObject({
      status: 'failed',
      error: 'The PDF has 10000 pages; at most 2000 can be indexed',
    });
    expect(await settled(w.t, owner, 'links', toPrivate)).toMatchObject({
      status: 'failed',
      error: 'Refused: 169.254.169.254 is a private address',
    });
    expect(await settled(w.t, owner, 'links', endless)).toMatchObject({
      status: 'failed',
      error: 'The page is larger than 5 MB',
    });
    expect(await settled(w.t, owner, 'links', notHtml)).toMatchObject({
      status: 'failed',
      error: 'Not an HTML page (application/pdf)',
    });
    expect(await settled(w.t, owner, 'videos', missing.json().video.id)).toMatchObject({
      status: 'failed',
      error: 'Video not found',
    });
  }, 30_000); // a whole ingestion pipeline per item; the default 5 s is too tight on a busy runner

  it('Retry runs a failed item again from queued', async () => {
    const id = await link(`${w.siteUrl}/catalogue.pdf`);
    expect(await settled(w.t, owner, 'links', id)).toMatchObject({ status: 'failed' });
    const res = await post(w.t, owner, `/api/link/${owner.id}/${id}/retry`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({ id, status: 'queued' });
    expect(await settled(w.t, owner, 'links', id)).toMatchObject({
      status: 'failed',
      error: 'Not an HTML page (application/pdf)',
    });
    const other = await customer(w.t);
    const theirs = await post(w.t, other, `/api/link/${other.id}/${id}/retry`, {});
    expect(theirs.statusCode).toBe(404);
  });
});
