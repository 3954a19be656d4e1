// Push message types with a JSON source (issue 18 item 4, PUSH_MESSAGE_SOURCES): each push fetches
// the type's source over real HTTP and its fields fill the template's placeholders; the fetch goes
// through the private-address guard, so a loopback source is refused unless private targets are
// allowed — and the refusal is the delivery's logged failure.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config.js';
import { firstDailyStart } from '../../src/core/notifications/index.js';
import { link, node, publish, text } from './chat-support.js';
import { drain, engineTest, guests, said } from './notifications-engine-support.js';

let source: http.Server;
let url = '';
let fetched = 0;

beforeAll(async () => {
  source = http.createServer((_req, res) => {
    fetched++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ temperature: '21 °C' }));
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(source.address() as AddressInfo).port}/today.json`;
});
afterAll(() => new Promise<void>((resolve) => source.close(() => resolve())));

async function pushOnce(overrides: Partial<Config>) {
  const c = await engineTest(overrides);
  const subscribe = node('notification', 'sub', {
    pushMessageType: 'WEATHER',
    template: { en: 'Today ${{temperature}} for ${{ENVIRONMENT}} guests' },
    startAt: '18:00',
    frequency: 24,
  });
  await publish(c, [link(subscribe, 'hello'), node('basic', 'hello', { entries: [text('Subscribed')] })], 1);
  const [id] = await guests(c, 1);
  await c.t.app.notifications.tick(Date.now());
  const sub = await c.t.app.db.selectFrom('notification_subscriptions').selectAll().executeTakeFirstOrThrow();
  const first = firstDailyStart('18:00', Number(sub.updated_at), 'UTC')!;
  c.t.app.notifications.now = () => first;
  await c.t.app.notifications.tick(first);
  await drain(c.t);
  const rows = await c.t.app.db
    .selectFrom('notification_deliveries')
    .select(['status', 'reason'])
    .where('source', '=', 'subscription')
    .execute();
  return { c, id, rows };
}

describe('push message types with a JSON source', { timeout: 60_000 }, () => {
  it('fills the placeholders from the source’s fields', async () => {
    const { c, id, rows } = await pushOnce({
      allowPrivateTargets: true,
      pushMessageSources: { WEATHER: url },
    });
    expect(await said(c.t, id, 'Today 21 °C for web guests')).toBe(1);
    expect(rows).toEqual([{ status: 'delivered', reason: null }]);
    expect(fetched).toBe(1);
    await c.t.close();
  });

  it('refuses a private source through the guard, logged as the delivery’s failure', async () => {
    const before = fetched;
    const { c, rows } = await pushOnce({ allowPrivateTargets: false, pushMessageSources: { WEATHER: url } });
    expect(fetched).toBe(before);
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('failed');
    expect(rows[0].reason).toMatch(/^The WEATHER source could not be fetched: .*private address/);
    await c.t.close();
  });

  it('tells the editor which type has a source, without the URL’s query or credentials', async () => {
    const c = await engineTest({
      pushMessageSources: { WEATHER: 'https://ops:pw@weather.example/v1/today.json?key=SECRET' },
    });
    const res = await c.t.app.inject({
      method: 'GET',
      url: `/api/flow/${c.botId}`,
      headers: c.owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const types = res.json().push_message_types as { code: string; source: string | null }[];
    expect(types.find((t) => t.code === 'WEATHER')?.source).toBe('https://weather.example/v1/today.json');
    expect(types.find((t) => t.code === 'NEWS')?.source).toBeNull();
    expect(res.body).not.toContain('SECRET');
    await c.t.close();
  });
});
