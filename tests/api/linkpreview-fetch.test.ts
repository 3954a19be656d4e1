import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { call, customer, type Customer } from './content-support.js';

const PAGE = `<!doctype html>
<html lang="en"><head>
  <meta charset="utf-8">
  <title>Fallback title</title>
  <!-- <meta property="og:title" content="Commented out"> -->
  <script>document.write('<meta property="og:title" content="From a script">')</script>
  <meta property="og:title" content="Summer &amp; Sun &#8211; Shop">
  <meta property='og:description' content='Everything for the beach,
     delivered.'>
  <meta content="/img/cover.png" property="og:image">
  <meta property=og:site_name content=SunShop>
</head><body><meta property="og:title" content="In the body"></body></html>`;

const PLAIN = `<html><head><TITLE> Plain  page </TITLE><meta name="description" content="Just a page"></head></html>`;

/** A small site: the pages a preview can be made of, and the ones it cannot. */
function startSite() {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const html = (body: string) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    if (req.url === '/page') return html(PAGE);
    if (req.url === '/plain') return html(PLAIN);
    if (req.url === '/moved') return res.writeHead(302, { location: '/page' }).end();
    if (req.url === '/data')
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"x"}');
    res.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>');
  });
  return new Promise<{ base: string; hits: string[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        base: `http://127.0.0.1:${port}`,
        hits,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

describe('link previews', () => {
  let t: TestApp;
  let owner: Customer;
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
    site = await startSite();
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  const preview = (urls: unknown) => call(t, owner, 'POST', '/api/linkpreview', { urls });

  it('reads the Open Graph tags of a page, decoded, with the image made absolute', async () => {
    const res = await preview([`${site.base}/page`]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      metadata: {
        [`${site.base}/page`]: {
          title: 'Summer & Sun – Shop',
          description: 'Everything for the beach, delivered.',
          image: `${site.base}/img/cover.png`,
          site_name: 'SunShop',
        },
      },
    });
  });

  it('falls back to <title>, the description tag and the host name', async () => {
    const res = await preview([`${site.base}/plain`]);
    expect(res.json().metadata[`${site.base}/plain`]).toEqual({
      title: 'Plain page',
      description: 'Just a page',
      image: null,
      site_name: '127.0.0.1',
    });
  });

  it('follows a redirect to the page', async () => {
    const res = await preview([`${site.base}/moved`]);
    expect(res.json().metadata[`${site.base}/moved`].title).toBe('Summer & Sun – Shop');
  });

  it('gives null for what cannot be previewed, without failing the call', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const urls = [
      `${site.base}/data`,
      `${site.base}/nowhere`,
      `http://127.0.0.1:${deadPort}/`,
      'not a url',
      'ftp://example.com/file',
      `${site.base}/page`,
    ];
    const res = await preview(urls);
    expect(res.statusCode, res.body).toBe(200);
    const { metadata } = res.json();
    for (const url of urls.slice(0, 5)) expect(metadata[url], url).toBeNull();
    expect(metadata[`${site.base}/page`].site_name).toBe('SunShop');
  });

  it('takes at most 20 urls, and needs a signed-in customer', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `${site.base}/page?${i}`);
    const tooMany = await preview(many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ success: false, message: 'At most 20 urls at once' });
    expect((await call(t, undefined, 'POST', '/api/linkpreview', { urls: ['x'] })).statusCode).toBe(401);
    const missing = await call(t, owner, 'POST', '/api/linkpreview', {});
    expect(missing.json().message).toBe('urls is required');
    expect((await preview([])).json()).toEqual({ success: true, metadata: {} });
  });
});

describe('link previews without private targets', () => {
  let t: TestApp;
  let owner: Customer;
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    t = await createTestApp({ allowPrivateTargets: false });
    owner = await customer(t);
    site = await startSite();
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('refuses loopback addresses and names that resolve to them, before connecting', async () => {
    const port = new URL(site.base).port;
    const urls = [`${site.base}/page`, `http://localhost:${port}/page`, `http://[::1]:${port}/page`];
    const res = await call(t, owner, 'POST', '/api/linkpreview', { urls });
    expect(res.statusCode, res.body).toBe(200);
    for (const url of urls) expect(res.json().metadata[url], url).toBeNull();
    expect(site.hits).toEqual([]);
  });
});
