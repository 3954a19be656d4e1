import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newNode } from '../../src/core/flow/index.js';
import { createTestApp, type TestApp } from './helpers.js';
import { form, withHeaders } from '../fixtures/bot-api.js';
import { botOf, customer, getFlow, publish, sampleFlow, storedFlow, type Customer } from './flow-support.js';

describe('flow templates: add, read, save, delete', () => {
  let t: TestApp;
  let owner: Customer;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = {}) =>
    t.app.inject({
      method,
      url: `/api/flow_template${url}`,
      headers: { ...owner.headers, ...headers },
      payload,
    });
  const add = (botId: number, flow_name: string) => call('POST', `?bot_id=${botId}`, { flow_name });

  it('adds an empty template under the normalised name and lists it with the flow', async () => {
    const botId = await botOf(t, owner);
    const res = await add(botId, '  2nd order  flow!? ');
    expect(res.statusCode, res.body).toBe(200);
    const { success, flow_template } = res.json();
    expect(success).toBe(true);
    expect(flow_template).toEqual({ id: expect.any(Number), name: '_2nd_order_flow', nodes: [] });
    const second = await add(botId, 'Returns');
    const flow = (await getFlow(t, owner, botId)).json();
    expect(flow.flow_templates).toEqual([
      { id: flow_template.id, name: '_2nd_order_flow' },
      { id: second.json().flow_template.id, name: 'Returns' },
    ]);
  });

  it('refuses blank, duplicate and main names', async () => {
    const botId = await botOf(t, owner);
    await add(botId, 'Returns');
    const cases: [string, number][] = [
      ['   ', 400],
      ['?!', 400],
      ['Returns', 409],
      [' Returns', 409],
      ['main', 409],
      ['Main', 409],
    ];
    for (const [name, status] of cases) {
      const res = await add(botId, name);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().success).toBe(false);
    }
    const missing = await call('POST', `?bot_id=${botId}`, {});
    expect(missing.json()).toMatchObject({ success: false, message: 'flow_name is required' });
    const rows = await t.app.db.selectFrom('flows').select('name').where('bot_id', '=', botId).execute();
    expect(rows.map((r) => r.name)).toEqual(['Returns']);
  });

  it('keeps each bot its own names: two bots may both have a template of one name', async () => {
    const [a, b] = [await botOf(t, owner), await botOf(t, owner)];
    expect((await add(a, 'Shared')).statusCode).toBe(200);
    expect((await add(b, 'Shared')).statusCode).toBe(200);
  });

  it('reads a template with its nodes, content and version; main reads the main flow', async () => {
    const botId = await botOf(t, owner);
    await add(botId, 'Returns');
    const res = await call('GET', `/Returns?bot_id=${botId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json()).toMatchObject({
      success: true,
      flow_template: { name: 'Returns', nodes: [] },
      content: [],
      version: 1,
    });
    await publish(t, owner, botId, sampleFlow(), '"0"');
    const main = (await call('GET', `/main?bot_id=${botId}`)).json();
    expect(main.flow_template.name).toBe('main');
    expect(main.flow_template.nodes.map((n: { id: string }) => n.id)).toEqual(['greet', 'fetch', 'ask']);
    expect((await call('GET', `/Nope?bot_id=${botId}`)).statusCode).toBe(404);
  });

  it('saves a template with PUT, validated like a publish, and bumps its version', async () => {
    const botId = await botOf(t, owner);
    await add(botId, 'Returns');
    const nodes = sampleFlow();
    const res = await call('PUT', '', { bot_id: botId, flow_name: 'Returns', nodes });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.json()).toMatchObject({ success: true, version: 2, flow_template: { name: 'Returns' } });
    expect(res.json().flow_template.nodes).toHaveLength(3);
    expect(res.json().flow_template.nodes.some((n: { isNew?: boolean }) => 'isNew' in n)).toBe(false);
    const read = (await call('GET', `/Returns?bot_id=${botId}`)).json();
    expect(read.flow_template.nodes).toEqual(res.json().flow_template.nodes);

    const broken = sampleFlow();
    broken[0].next[0].node = 'missing';
    const refused = await call('PUT', `?bot_id=${botId}`, { flow_name: 'Returns', nodes: broken });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Node "Greeting" links to missing node "missing"');
    expect((await storedFlow(t, botId, 'Returns'))!.version).toBe(2);
  });

  it('takes the multipart form too, with the nodes as JSON text', async () => {
    const botId = await botOf(t, owner);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/flow_template',
      ...withHeaders(form({ flow_name: 'By form', bot_id: botId }), owner),
    });
    expect(created.json().flow_template.name).toBe('By_form');
    const nodes = [newNode('basic', 'a', 0, 0, 'A')];
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/flow_template',
      ...withHeaders(form({ flow_name: 'By_form', bot_id: botId, nodes: JSON.stringify(nodes) }), owner),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { isNew: _isNew, ...saved0 } = nodes[0];
    expect(saved.json().flow_template.nodes).toEqual([saved0]);
  });

  it('honours If-Match on PUT: a stale version is refused and nothing is written', async () => {
    const botId = await botOf(t, owner);
    await add(botId, 'Returns');
    const one = [newNode('basic', 'a', 0, 0, 'A')];
    const ok = await call(
      'PUT',
      `?bot_id=${botId}`,
      { flow_name: 'Returns', nodes: one },
      { 'if-match': '"1"' },
    );
    expect(ok.json().version).toBe(2);
    const stale = await call(
      'PUT',
      `?bot_id=${botId}`,
      { flow_name: 'Returns', nodes: [] },
      { 'if-match': '"1"' },
    );
    expect(stale.statusCode).toBe(409);
    expect(JSON.parse((await storedFlow(t, botId, 'Returns'))!.nodes)).toHaveLength(1);
  });

  it('does not create templates or save main through PUT', async () => {
    const botId = await botOf(t, owner);
    const unknown = await call('PUT', `?bot_id=${botId}`, { flow_name: 'Never_added', nodes: [] });
    expect(unknown.statusCode).toBe(404);
    const fromZero = await call(
      'PUT',
      `?bot_id=${botId}`,
      { flow_name: 'Never_added', nodes: [] },
      { 'if-match': '"0"' },
    );
    expect(fromZero.statusCode).toBe(404);
    const main = await call('PUT', `?bot_id=${botId}`, { flow_name: 'main', nodes: [] });
    expect(main.statusCode).toBe(400);
    expect(await t.app.db.selectFrom('flows').select('id').where('bot_id', '=', botId).execute()).toEqual([]);
  });

  it('deletes a template, refuses to delete main, and answers 404 for an unknown one', async () => {
    const botId = await botOf(t, owner);
    await add(botId, 'Returns');
    await publish(t, owner, botId, sampleFlow(), '"0"');
    const main = await call('DELETE', `/main?bot_id=${botId}`);
    expect(main.statusCode).toBe(400);
    expect(main.json()).toEqual({ success: false, message: 'The main flow cannot be deleted' });
    expect(await storedFlow(t, botId)).toBeDefined();

    const res = await call('DELETE', `/Returns?bot_id=${botId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: expect.any(String) });
    expect(await storedFlow(t, botId, 'Returns')).toBeUndefined();
    expect((await call('DELETE', `/Returns?bot_id=${botId}`)).statusCode).toBe(404);
  });

  it('needs the bot: bot_id missing or malformed is a 400', async () => {
    const noBot = await call('POST', '', { flow_name: 'X' });
    expect(noBot.statusCode).toBe(400);
    expect(noBot.json()).toMatchObject({ success: false, message: 'bot_id is required' });
    expect((await call('GET', '/X')).statusCode).toBe(400);
    expect((await call('GET', '/X?bot_id=abc')).statusCode).toBe(400);
  });
});
