// Bad input never reaches a 500 (issue 14 item 6): every route of the route table, signed in as a
// customer who owns a bot, gets malformed requests — wrong types, huge strings, 10k-deep JSON, NUL
// bytes, wrong content types, multipart bodies without a boundary or cut short, junk in the path
// and the query — and must answer each with something other than a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from './helpers.js';
import { createBot, customer, type Customer } from '../fixtures/bot-api.js';

interface Malformed {
  name: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** Replaces every path parameter. */
  param?: string;
  query?: string;
}

const deepJson = '['.repeat(10_000) + ']'.repeat(10_000);
const nul = JSON.stringify({
  name: 'a\u0000b',
  email: '\u0000',
  message: { en: '\u0000' },
  nodes: ['\u0000'],
});
const wrongTypes = JSON.stringify({
  name: 12,
  email: [],
  password: {},
  bot_id: 'x',
  id: { $gt: 1 },
  nodes: 'all',
  theme: 7,
  message: null,
  language: -1,
  guest_id: [1],
});
const huge = JSON.stringify({ name: 'x'.repeat(1_000_000), message: 'y'.repeat(1_000_000) });
const broken = multipart({ name: 'x', description: 'y' });

const MALFORMED: Malformed[] = [
  { name: 'no body' },
  { name: 'text body', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
  { name: 'wrong types', headers: { 'content-type': 'application/json' }, payload: wrongTypes },
  { name: 'huge strings', headers: { 'content-type': 'application/json' }, payload: huge },
  { name: '10k-deep JSON', headers: { 'content-type': 'application/json' }, payload: deepJson },
  { name: 'NUL bytes', headers: { 'content-type': 'application/json' }, payload: nul },
  { name: 'JSON cut short', headers: { 'content-type': 'application/json' }, payload: '{"name": "a' },
  { name: 'JSON scalar', headers: { 'content-type': 'application/json' }, payload: '42' },
  { name: 'multipart without boundary', headers: { 'content-type': 'multipart/form-data' }, payload: 'abc' },
  {
    name: 'multipart cut short',
    headers: broken.headers,
    payload: Buffer.from(broken.payload).subarray(0, Buffer.from(broken.payload).length - 20),
  },
  {
    name: 'multipart with a wrong boundary',
    headers: { 'content-type': 'multipart/form-data; boundary=nope' },
    payload: Buffer.from(broken.payload),
  },
  {
    name: 'urlencoded junk',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '%%%=&&=%zz',
  },
  {
    name: 'unknown content type',
    headers: { 'content-type': 'application/x-nonsense' },
    payload: '\u0000\u0001',
  },
  { name: 'junk path parameters', param: '%00%ff..%2F' },
  { name: 'huge numeric path parameters', param: '99999999999999999999999' },
  { name: 'negative path parameters', param: '-1' },
  { name: 'junk query', query: 'bot_id=%00&id=-1e999&guest_id[]=1&language=%ff&offset=NaN' },
];

describe('fuzz: every route answers malformed requests without a 5xx', () => {
  let t: TestApp;
  let owner: Customer;
  let botId: number;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
    botId = (await createBot(t, owner)).id;
  });
  afterAll(() => t.close());

  function urlOf(route: string, param: string | undefined, query: string | undefined): string {
    const path = route
      .replace(/\*$/, 'x')
      .replace(/:([A-Za-z_]+)/g, (_, name: string) => param ?? (/bot/i.test(name) ? String(botId) : '1'));
    return query ? `${path}?${query}` : path;
  }

  it('covers the API routes', () => {
    const api = t.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(40);
  });

  it('answers every malformed request with a status below 500', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const bad of MALFORMED) {
        for (const signedIn of [true, false]) {
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: urlOf(route.url, bad.param, bad.query),
            headers: { ...(signedIn ? owner.headers : {}), ...bad.headers },
            payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : bad.payload,
          });
          sent++;
          if (res.statusCode >= 500) {
            failures.push(
              `${route.method} ${route.url} [${bad.name}${signedIn ? '' : ', signed out'}] → ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1_000);
    expect(failures).toEqual([]);
  }, 300_000);
});
