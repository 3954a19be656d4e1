// Every JSON answer of the API is checked against a contract schema (issue 14 item 1): the zod
// type provider serialises a route's answer through its response schema, so an answer that does
// not match fails the route's own API tests. This test makes sure no /api route goes without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

/** Routes whose success answer is not a JSON document, so no JSON schema can describe it. */
const NOT_JSON = new Set([
  // A file download: the bot's zip archive.
  'POST /api/export',
  // A CSV download and a Server-Sent Events stream (issue 19).
  'GET /api/bots/:botId/conversations.csv',
  'GET /api/bots/:botId/metrics/stream',
  // A Server-Sent Events stream: the newest flow version as each publish lands (issue 20 §7).
  'GET /api/flow/:botId/events',
  // A relay: the answer is the call provider's own, passed through with its status.
  'GET /api/call-provider/:guestId/*',
  'POST /api/call-provider/:guestId/*',
  'PUT /api/call-provider/:guestId/*',
  'PATCH /api/call-provider/:guestId/*',
  'DELETE /api/call-provider/:guestId/*',
]);

describe('the API contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('has /api routes to check (the route table is filled)', () => {
    expect(t.app.routeTable.filter((r) => r.url.startsWith('/api/')).length).toBeGreaterThan(40);
  });

  it('gives every JSON /api route a response schema for its success status', () => {
    const missing = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !NOT_JSON.has(`${r.method} ${r.url}`))
      .filter((r) => {
        const response = (r.schema?.response ?? {}) as Record<string, unknown>;
        return !Object.keys(response).some((status) => /^2(\d\d|XX)$/.test(status));
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('lists only routes that exist in its allow-list of non-JSON routes', () => {
    const routes = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    expect([...NOT_JSON].filter((route) => !routes.has(route))).toEqual([]);
  });
});
