import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { botOf, customer, publish, sampleFlow, storedFlow, type Customer } from './flow-support.js';

// Another customer's bot answers exactly like a missing one, on every flow route, and nothing of
// it is read or written.
describe("flow: another customer's bot is refused everywhere", () => {
  let t: TestApp;
  let owner: Customer;
  let stranger: Customer;
  let botId: number;
  let snapshot: unknown;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
    stranger = await customer(t);
    botId = await botOf(t, owner);
    await botOf(t, stranger);
    await publish(t, owner, botId, sampleFlow(), '"0"');
    await t.app.inject({
      method: 'POST',
      url: `/api/flow_template?bot_id=${botId}`,
      headers: owner.headers,
      payload: { flow_name: 'Returns' },
    });
    snapshot = await t.app.db.selectFrom('flows').selectAll().orderBy('id').execute();
  });
  afterAll(() => t.close());

  const routes = (id: number) =>
    [
      ['GET', `/api/flow/${id}`, undefined, {}],
      ['POST', `/api/flow/${id}`, { nodes: [] }, { 'if-match': '"1"' }],
      ['POST', `/api/flow_template?bot_id=${id}`, { flow_name: 'Mine' }, {}],
      ['POST', '/api/flow_template', { flow_name: 'Mine', bot_id: id }, {}],
      ['GET', `/api/flow_template/Returns?bot_id=${id}`, undefined, {}],
      ['GET', `/api/flow_template/main?bot_id=${id}`, undefined, {}],
      ['PUT', `/api/flow_template?bot_id=${id}`, { flow_name: 'Returns', nodes: [] }, {}],
      ['PUT', '/api/flow_template', { flow_name: 'Returns', nodes: [], bot_id: id }, { 'if-match': '"1"' }],
      ['DELETE', `/api/flow_template/Returns?bot_id=${id}`, undefined, {}],
    ] as const;

  it.each(routes(0).map((r, i) => [`${r[0]} ${r[1]}`, i]))('%s answers 404', async (_label, index) => {
    const [method, url, payload, headers] = routes(botId)[index as number];
    const res = await t.app.inject({ method, url, payload, headers: { ...stranger.headers, ...headers } });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Bot not found' });
    expect(res.body).not.toContain('greet');
    expect(await t.app.db.selectFrom('flows').selectAll().orderBy('id').execute()).toEqual(snapshot);
  });

  it('answers 404 for a bot that does not exist', async () => {
    const res = await publish(t, owner, 999999, sampleFlow(), '"0"');
    expect(res.statusCode).toBe(404);
    const get = await t.app.inject({ method: 'GET', url: '/api/flow/999999', headers: owner.headers });
    expect(get.statusCode).toBe(404);
  });

  it('still lets the owner in, with the same requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/flow/${botId}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().flow_templates).toEqual([{ id: expect.any(Number), name: 'Returns' }]);
    expect((await storedFlow(t, botId))!.version).toBe(1);
  });

  it('removes the flows with their bot', async () => {
    const other = await botOf(t, owner);
    await publish(t, owner, other, sampleFlow(), '"0"');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/bot/${other}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(await storedFlow(t, other)).toBeUndefined();
  });
});
