import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newNode, type FlowNode } from '../../src/core/flow/index.js';
import { createTestApp, type TestApp } from './helpers.js';
import { botOf, customer, publish, sampleFlow, storedFlow, type Customer } from './flow-support.js';

// Issue 13 §3: a publish that bypasses the editor is checked with the editor's own validation. A
// flow with problems is refused with 422 naming each node, unless the request says allow_invalid.

/** The sample flow with its API node's endpoint emptied (the defect a new user hit). */
function withoutUrl(): FlowNode[] {
  const nodes = sampleFlow();
  const fetch = nodes.find((n) => n.id === 'fetch')!;
  if (fetch.type === 'api') fetch.api.url = '';
  return nodes;
}

describe('flow: publishing a flow with problems', () => {
  let t: TestApp;
  let owner: Customer;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
  });
  afterAll(() => t.close());

  it('refuses an API node with an empty URL with 422, naming the node, and stores nothing', async () => {
    const botId = await botOf(t, owner);
    const res = await publish(t, owner, botId, { nodes: withoutUrl() }, '"0"');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      message: 'This flow has 1 problem. Fix it, or publish anyway.',
      problems: [
        { node_id: 'fetch', node_name: 'Fetch order', field: 'api.url', message: 'Endpoint is required' },
      ],
    });
    expect(await storedFlow(t, botId)).toBeUndefined();
  });

  it('publishes it anyway when the body says allow_invalid', async () => {
    const botId = await botOf(t, owner);
    const res = await publish(t, owner, botId, { nodes: withoutUrl(), allow_invalid: true }, '"0"');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, version: 1 });
    const stored = JSON.parse((await storedFlow(t, botId))!.nodes) as FlowNode[];
    expect(stored.find((n) => n.id === 'fetch')).toMatchObject({ api: { url: '' } });
  });

  it.each(['1', 'true'])(
    'publishes it anyway with ?allow_invalid=%s, also as a bare node array',
    async (flag) => {
      const botId = await botOf(t, owner);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/flow/${botId}?allow_invalid=${flag}`,
        headers: { ...owner.headers, 'if-match': '"0"' },
        payload: withoutUrl(),
      });
      expect(res.statusCode, res.body).toBe(200);
    },
  );

  it('still refuses when allow_invalid is false, and answers 400 for a value that is not a yes or no', async () => {
    const botId = await botOf(t, owner);
    const no = await publish(t, owner, botId, { nodes: withoutUrl(), allow_invalid: false }, '"0"');
    expect(no.statusCode).toBe(422);
    const query = await t.app.inject({
      method: 'POST',
      url: `/api/flow/${botId}?allow_invalid=0`,
      headers: { ...owner.headers, 'if-match': '"0"' },
      payload: { nodes: withoutUrl() },
    });
    expect(query.statusCode).toBe(422);
    const bad = await publish(t, owner, botId, { nodes: withoutUrl(), allow_invalid: 'perhaps' }, '"0"');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });

  it('publishes a valid flow without being asked', async () => {
    const botId = await botOf(t, owner);
    const res = await publish(t, owner, botId, { nodes: sampleFlow() }, '"0"');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Flow published', version: 1 });
  });

  it('lists every problem of every node, in flow order, and counts them in the message', async () => {
    const botId = await botOf(t, owner);
    const nodes = withoutUrl();
    const unnamed = newNode('device-permission', 'where', 0, 200, '');
    const elsewhere = newNode('language-changer', 'lang', 0, 400, 'Switch');
    elsewhere.language = 5; // Spanish: not among the bot's languages (English and French)
    const res = await publish(t, owner, botId, { nodes: [...nodes, unnamed, elsewhere] }, '"0"');
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe('This flow has 3 problems. Fix them, or publish anyway.');
    expect(body.problems.map((p: { node_id: string; field: string }) => [p.node_id, p.field])).toEqual([
      ['fetch', 'api.url'],
      ['where', 'name'],
      ['lang', 'language'],
    ]);
    expect(body.problems[1].node_name).toBe('Device-permission');
  });

  it('counts every problem of a large sketch but lists the first 500', async () => {
    const botId = await botOf(t, owner);
    const nodes = Array.from({ length: 600 }, (_, i) => newNode('device-permission', `n${i}`, i * 10, 0, ''));
    const res = await publish(t, owner, botId, { nodes }, '"0"');
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe('This flow has 600 problems. Fix them, or publish anyway.');
    expect(body.problems).toHaveLength(500);
    expect(body.problems[499].node_id).toBe('n499');
  });

  it("judges with the bot's own context: its languages and its flow templates", async () => {
    const botId = await botOf(t, owner);
    const french = newNode('language-changer', 'lang', 0, 0, 'Switch');
    french.language = 3;
    const runs = newNode('flow-template', 'run', 0, 200, '');
    runs.templateName = 'Returns';
    const before = await publish(t, owner, botId, { nodes: [french, runs] }, '"0"');
    expect(before.statusCode).toBe(422);
    expect(before.json().problems).toEqual([
      {
        node_id: 'run',
        node_name: 'Returns',
        field: 'templateName',
        message: 'Unknown flow template "Returns"',
      },
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/flow_template?bot_id=${botId}`,
      headers: owner.headers,
      payload: { flow_name: 'Returns' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const after = await publish(t, owner, botId, { nodes: [french, runs] }, '"0"');
    expect(after.statusCode, after.body).toBe(200);
  });

  it('answers 409 rather than 422 for a stale copy with problems, and publishing anyway stays guarded', async () => {
    const botId = await botOf(t, owner);
    expect((await publish(t, owner, botId, { nodes: sampleFlow() }, '"0"')).statusCode).toBe(200);
    const stale = await publish(t, owner, botId, { nodes: withoutUrl() }, '"0"');
    expect(stale.statusCode).toBe(409);
    const anyway = await publish(t, owner, botId, { nodes: withoutUrl(), allow_invalid: true }, '"0"');
    expect(anyway.statusCode).toBe(409);
    expect((await storedFlow(t, botId))!.version).toBe(1);
    const current = await publish(t, owner, botId, { nodes: withoutUrl() }, '"1"');
    expect(current.statusCode).toBe(422);
  });
});
