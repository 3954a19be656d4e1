import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newNode } from '../../src/core/flow/index.js';
import { createTestApp, type TestApp } from './helpers.js';
import { botOf, customer, publish, sampleFlow, storedFlow, type Customer } from './flow-support.js';

// Every refusal leaves the stored flow as it was: the bot starts with a published version 1.
describe('flow: publishing refuses invalid node lists, naming the node', () => {
  let t: TestApp;
  let owner: Customer;
  let botId: number;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
    botId = await botOf(t, owner);
    const res = await publish(t, owner, botId, sampleFlow(), '"0"');
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t.close());

  const withNode = (change: (nodes: Record<string, unknown>[]) => void) => {
    const nodes = sampleFlow() as unknown as Record<string, unknown>[];
    change(nodes);
    return nodes;
  };

  it.each([
    [
      'an unknown type',
      withNode((n) => (n[2].type = 'teleport')),
      'Node "Ask" (id ask) has an unknown type "teleport"',
      'ask',
    ],
    ['no type', withNode((n) => delete n[0].type), 'Node "Greeting" (id greet) has no type', 'greet'],
    [
      'an invalid field',
      withNode((n) => ((n[1].api as Record<string, unknown>).method = 'patch')),
      /^Node "Fetch order" \(id fetch\) has an invalid api\.method/,
      'fetch',
    ],
    [
      'a missing field',
      withNode((n) => delete n[2].message),
      'Node "Ask" (id ask) is missing message',
      'ask',
    ],
    [
      'a number for a position',
      withNode((n) => (n[0].x = 'left')),
      /^Node "Greeting" \(id greet\) has an invalid x/,
      'greet',
    ],
    [
      'a link to a missing node',
      withNode((n) => ((n[0].next as { node: string }[])[0].node = 'gone')),
      'Node "Greeting" links to missing node "gone"',
      'greet',
    ],
    [
      'a failure link to a missing node',
      withNode((n) => ((n[1].next as { node: string }[])[1].node = 'nowhere')),
      'Node "Fetch order" links to missing node "nowhere"',
      'fetch',
    ],
    ['two nodes with one id', withNode((n) => (n[2].id = 'greet')), 'Duplicate node id "greet"', 'greet'],
    ['something that is not a node', withNode((n) => n.push(42 as never)), 'Node 4 is not a node', null],
  ])('refuses %s', async (_what, nodes, message, nodeId) => {
    const res = await publish(t, owner, botId, { nodes }, '"1"');
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
    expect(body.errors[0]).toMatchObject({ node_id: nodeId });
    expect((await storedFlow(t, botId))!.version).toBe(1);
  });

  it('names every broken node, not only the first', async () => {
    const nodes = withNode((n) => {
      n[0].type = 'nope';
      n[2].type = 'nope';
    });
    const res = await publish(t, owner, botId, nodes, '"1"');
    expect(res.json().errors.map((e: { node_id: string }) => e.node_id)).toEqual(['greet', 'ask']);
  });

  it.each([
    ['an object without nodes', { flow: [] }, 'nodes is required'],
    ['nodes that are not a list', { nodes: { greet: {} } }, 'nodes must be a list of nodes'],
    ['nodes as text that is not JSON', { nodes: 'greet, ask' }, 'nodes must be a list of nodes'],
  ])('refuses %s', async (_what, body, message) => {
    const res = await publish(t, owner, botId, body, '"1"');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
    expect((await storedFlow(t, botId))!.version).toBe(1);
  });

  it('refuses a body that is not JSON at all', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/flow/${botId}`,
      headers: { ...owner.headers, 'if-match': '"1"', 'content-type': 'application/json' },
      payload: '[{"id": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('accepts an empty list (the author deleted every node)', async () => {
    const other = await botOf(t, owner);
    await publish(t, owner, other, [newNode('basic', 'a', 0, 0, 'A')], '"0"');
    const res = await publish(t, owner, other, [], '"1"');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ nodes: [], version: 2 });
  });
});
