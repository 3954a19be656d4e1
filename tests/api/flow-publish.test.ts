import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROVIDER_ID } from '../../src/core/constants.js';
import { newNode, type FlowNode } from '../../src/core/flow/index.js';
import { createTestApp, type TestApp } from './helpers.js';
import { botOf, customer, getFlow, publish, sampleFlow, storedFlow, type Customer } from './flow-support.js';

const CONFLICT =
  'This flow was published by someone else since you opened it. Reload to see the latest version.';

describe('flow: read and publish the main flow', () => {
  let t: TestApp;
  let owner: Customer;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
  });
  afterAll(() => t.close());

  it('answers an empty main flow at version 0 for a bot that never published', async () => {
    const botId = await botOf(t, owner);
    const res = await getFlow(t, owner, botId);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"0"');
    expect(res.json()).toEqual({
      success: true,
      flow: { name: 'main', nodes: [] },
      flow_templates: [],
      providers: [],
      push_message_types: [
        { code: 'WEATHER', label: 'Daily weather update', source: null },
        { code: 'NEWS', label: 'News digest', source: null },
        { code: 'REMINDER', label: 'Reminder', source: null },
        { code: 'PROMOTION', label: 'Promotion', source: null },
      ],
      version: 0,
    });
  });

  it("lists the customer's call provider without its access token", async () => {
    const withProvider = await customer(t);
    await t.app.db
      .updateTable('users')
      .set({ mre_call_provider_id: DEFAULT_PROVIDER_ID, mre_call_profile_id: 'profile-7' })
      .where('id', '=', withProvider.id)
      .execute();
    const res = await getFlow(t, withProvider, await botOf(t, withProvider));
    expect(res.json().providers).toEqual([
      {
        id: DEFAULT_PROVIDER_ID,
        name: 'BotFlow Calls',
        mre_call_provider_id: DEFAULT_PROVIDER_ID,
        endpoint: null,
        profile_id: 'profile-7',
        access_token: null,
      },
    ]);
  });

  it('publishes from version 0, clears isNew, and reads the same flow back at version 1', async () => {
    const botId = await botOf(t, owner);
    const nodes = sampleFlow();
    const res = await publish(t, owner, botId, { nodes }, '"0"');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    const body = res.json();
    expect(body).toMatchObject({ success: true, version: 1 });
    const expected = nodes.map(({ isNew: _n, ...node }) => ({
      ...node,
      next: node.next.map(({ isNew: _s, ...slot }) => slot),
    }));
    expect(body.nodes).toEqual(expected);

    const read = await getFlow(t, owner, botId);
    expect(read.headers.etag).toBe('"1"');
    expect(read.json()).toMatchObject({ flow: { name: 'main', nodes: expected }, version: 1 });
  });

  it('stores the failure link as the last slot, the one way it is kept', async () => {
    const botId = await botOf(t, owner);
    await publish(t, owner, botId, sampleFlow(), '0');
    const row = await storedFlow(t, botId);
    const fetch = JSON.parse(row!.nodes).find((n: { id: string }) => n.id === 'fetch');
    expect(fetch.next).toEqual([
      { id: 0, node: 'ask' },
      { id: 1, node: 'greet', onFailure: true },
    ]);
    expect(fetch).not.toHaveProperty('onFailure');
  });

  it('reads a flow stored with the old onFailure field with its failure link as a slot', async () => {
    const botId = await botOf(t, owner);
    await publish(t, owner, botId, sampleFlow(), '0');
    // The form flows were stored in before: the failure target in a field, no failure slot.
    const legacy = JSON.parse((await storedFlow(t, botId))!.nodes).map((n: FlowNode) =>
      n.type === 'api' ? { ...n, next: n.next.filter((s) => !s.onFailure), onFailure: 'greet' } : n,
    );
    await t.app.db
      .updateTable('flows')
      .set({ nodes: JSON.stringify(legacy) })
      .where('bot_id', '=', botId)
      .execute();
    const read = (await getFlow(t, owner, botId)).json();
    const readFetch = read.flow.nodes.find((n: { id: string }) => n.id === 'fetch');
    expect(readFetch.next).toEqual([
      { id: 0, node: 'ask' },
      { id: 1, node: 'greet', onFailure: true },
    ]);
    expect(readFetch).not.toHaveProperty('onFailure');
  });

  it('accepts the bare node array and keeps unknown keys and dynamic nodes as they were sent', async () => {
    const botId = await botOf(t, owner);
    const dynamic = { ...newNode('dynamic', 'dyn', 5, 5, 'Loader'), loader: { url: '/list' }, max: 3 };
    const basic = { ...newNode('basic', 'b', 0, 0, 'Hello'), legacyField: { kept: true } };
    const res = await publish(t, owner, botId, [dynamic, basic], 'W/"0"');
    expect(res.statusCode, res.body).toBe(200);
    const read = (await getFlow(t, owner, botId)).json();
    expect(read.flow.nodes[0]).toMatchObject({ type: 'dynamic', loader: { url: '/list' }, max: 3 });
    expect(read.flow.nodes[1]).toMatchObject({ legacyField: { kept: true } });
  });

  it('publishes again from the version it read, and refuses a stale version with 409 writing nothing', async () => {
    const botId = await botOf(t, owner);
    const first = await publish(t, owner, botId, sampleFlow(), '"0"');
    expect(first.json().version).toBe(1);
    const moved = sampleFlow().map((n) => ({ ...n, x: n.x + 100 }));
    const second = await publish(t, owner, botId, moved, '"1"');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().version).toBe(2);

    // A second author still holding version 1 (or a first publish from 0) must not overwrite it.
    for (const stale of ['"1"', '"0"', '"7"']) {
      const res = await publish(t, owner, botId, [newNode('basic', 'x', 0, 0, 'Other')], stale);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message: CONFLICT });
    }
    const row = await storedFlow(t, botId);
    expect(row!.version).toBe(2);
    expect(JSON.parse(row!.nodes).map((n: { x: number }) => n.x)).toEqual([100, 340, 580]);
  });

  it('lets exactly one of two racing publishes from the same version win', async () => {
    const botId = await botOf(t, owner);
    const race = async (version: string) => {
      const results = await Promise.all([
        publish(t, owner, botId, [newNode('basic', 'a', 0, 0, 'First author')], version),
        publish(t, owner, botId, [newNode('basic', 'b', 0, 0, 'Second author')], version),
      ]);
      return results.map((r) => r.statusCode).sort();
    };
    expect(await race('"0"')).toEqual([200, 409]);
    expect(await race('"1"')).toEqual([200, 409]);
    expect((await storedFlow(t, botId))!.version).toBe(2);
  });

  it('refuses a publish without If-Match with 428 and a malformed one with 400', async () => {
    const botId = await botOf(t, owner);
    const missing = await publish(t, owner, botId, sampleFlow());
    expect(missing.statusCode).toBe(428);
    expect(missing.json().success).toBe(false);
    expect(missing.json().message).toMatch(/If-Match/);
    const malformed = await publish(t, owner, botId, sampleFlow(), 'yesterday');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().success).toBe(false);
    expect(await storedFlow(t, botId)).toBeUndefined();
  });

  it('needs a signed-in, confirmed customer', async () => {
    const botId = await botOf(t, owner);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/flow/${botId}` });
    expect(anonymous.statusCode).toBe(401);
    const unconfirmed = await customer(t, false);
    expect((await getFlow(t, unconfirmed, botId)).statusCode).toBe(403);
  });
});
