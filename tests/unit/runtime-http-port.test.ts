import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpPort } from '../../server/adapters/http-port.js';
import { HttpError } from '../../server/runtime/ports.js';
import { isPrivateAddress } from '../../server/adapters/private-address.js';
import { GuestQueue } from '../../server/conversations/guest-queue.js';

let server: http.Server;
let base: string;
const seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2000);
      if (req.url === '/big') return void res.end('x'.repeat(5000));
      if (req.url === '/moved') {
        res.writeHead(303, { location: '/echo?after=redirect' });
        return void res.end();
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, url: req.url, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('expected a failure');
}

describe('http port', () => {
  it('refuses loopback and private targets unless they are allowed', async () => {
    const strict = createHttpPort({ allowPrivateTargets: false });
    for (const url of [
      `${base}/echo`,
      'http://localhost:9/x',
      'http://[::1]:9/',
      'http://169.254.169.254/latest',
    ]) {
      const error = await failure(strict.request({ method: 'GET', url, headers: {} }));
      expect(error).toBeInstanceOf(HttpError);
      expect(error.kind).toBe('blocked');
    }
    const open = createHttpPort({ allowPrivateTargets: true });
    const response = await open.request({ method: 'GET', url: `${base}/echo`, headers: {} });
    expect(response.status).toBe(200);
  });

  it('knows the private ranges', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.1',
      '100.64.0.1',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:a00:1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('sends JSON and form bodies with their content types', async () => {
    const port = createHttpPort({ allowPrivateTargets: true });
    const json = await port.request({
      method: 'POST',
      url: `${base}/echo`,
      headers: { 'x-key': 'k' },
      body: { kind: 'json', text: '{"a":1}' },
    });
    expect(JSON.parse(json.body)).toMatchObject({ method: 'POST', body: '{"a":1}' });
    expect(seen.at(-1)?.headers).toMatchObject({ 'content-type': 'application/json', 'x-key': 'k' });
    const form = new FormData();
    form.append('name', 'Ada');
    await port.request({ method: 'PUT', url: `${base}/echo`, headers: {}, body: { kind: 'form', form } });
    expect(seen.at(-1)?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.at(-1)?.body).toContain('name="name"');
  });

  it('times out, caps the response size, and follows redirects only to allowed places', async () => {
    const port = createHttpPort({ allowPrivateTargets: true, timeoutMs: 100, maxResponseBytes: 1000 });
    expect((await failure(port.request({ method: 'GET', url: `${base}/slow`, headers: {} }))).kind).toBe(
      'timeout',
    );
    expect((await failure(port.request({ method: 'GET', url: `${base}/big`, headers: {} }))).kind).toBe(
      'too-large',
    );
    const moved = await port.request({
      method: 'POST',
      url: `${base}/moved`,
      headers: {},
      body: { kind: 'json', text: '{}' },
    });
    expect(JSON.parse(moved.body)).toMatchObject({ method: 'GET', url: '/echo?after=redirect' });
    expect(
      (await failure(port.request({ method: 'GET', url: 'ftp://example.com/', headers: {} }))).kind,
    ).toBe('invalid-url');
  });
});

describe('guest queue', () => {
  it("runs one guest's turns one after the other, others in parallel, and survives failures", async () => {
    const queue = new GuestQueue();
    const order: string[] = [];
    const slow =
      (label: string, ms: number, fail = false) =>
      async () => {
        order.push(`start ${label}`);
        await new Promise((r) => setTimeout(r, ms));
        order.push(`end ${label}`);
        if (fail) throw new Error(label);
        return label;
      };
    const a1 = queue.run('a', slow('a1', 30, true));
    const a2 = queue.run('a', slow('a2', 1));
    const b1 = queue.run('b', slow('b1', 1));
    await expect(a1).rejects.toThrow('a1');
    expect(await a2).toBe('a2');
    expect(await b1).toBe('b1');
    expect(order.indexOf('start a2')).toBeGreaterThan(order.indexOf('end a1'));
    expect(order.indexOf('end b1')).toBeLessThan(order.indexOf('end a1'));
    await new Promise((r) => setTimeout(r, 0));
    expect(queue.size).toBe(0);
  });
});
