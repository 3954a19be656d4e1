import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { botOf, customer, publish, sampleFlow, type Customer } from './flow-support.js';

// Issue 20 §4 and §7: every publish is a version (time, author, summary), one version can be read
// back, the 409 rule still holds for a roll back, and the events stream tells an open editor.
describe('flow versions', () => {
  let t: TestApp;
  let owner: Customer;
  let botId: number;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
    botId = await botOf(t, owner);
  });
  afterAll(() => t.close());

  const list = (who: Customer, id = botId) =>
    t.app.inject({ method: 'GET', url: `/api/flow/${id}/versions`, headers: who.headers });

  it('lists every publish, newest first, with its author and what changed', async () => {
    const flow = sampleFlow();
    expect((await publish(t, owner, botId, { nodes: flow }, '0')).statusCode).toBe(200);
    const second = flow
      .filter((n) => n.id !== 'ask')
      .map((n) => (n.id === 'greet' ? { ...n, name: 'Hello' } : n));
    second[1] = { ...second[1], next: [{ ...second[1].next[0], node: null }, second[1].next[1]] };
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/flow/${botId}`,
      headers: { ...owner.headers, 'if-match': '1', 'x-botflow-editor': 'tab-1' },
      payload: { nodes: second },
    });
    expect(res.statusCode).toBe(200);
    const answer = (await list(owner)).json();
    expect(answer.success).toBe(true);
    expect(answer.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const [newest, first] = answer.versions;
    expect(first.summary).toEqual({ added: 3, removed: 0, changed: 0, moved: 0 });
    expect(newest.summary).toEqual({ added: 0, removed: 1, changed: 2, moved: 0 });
    expect(newest.author_id).toBe(owner.id);
    expect(newest.author_name).not.toBe('');
    expect(newest.editor).toBe('tab-1');
    expect(typeof newest.created_at).toBe('number');
  });

  it('reads one version with its nodes; a missing one is 404', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/flow/${botId}/versions/1`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().nodes.map((n: { id: string }) => n.id)).toEqual(['greet', 'fetch', 'ask']);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/flow/${botId}/versions/99`,
      headers: owner.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a roll back is a publish of the old nodes: a new version, refused with 409 from a stale copy', async () => {
    const old = (
      await t.app.inject({ method: 'GET', url: `/api/flow/${botId}/versions/1`, headers: owner.headers })
    ).json();
    expect((await publish(t, owner, botId, { nodes: old.nodes }, '1')).statusCode).toBe(409);
    const res = await publish(t, owner, botId, { nodes: old.nodes }, '2');
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(3);
    const newest = (await list(owner)).json().versions[0];
    expect(newest).toMatchObject({ version: 3, summary: { added: 1, removed: 0, changed: 2 } });
  });

  it("another customer's bot reads as missing", async () => {
    const stranger = await customer(t);
    expect((await list(stranger)).statusCode).toBe(404);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/flow/${botId}/versions/1`,
      headers: stranger.headers,
    });
    expect(one.statusCode).toBe(404);
  });

  it('streams the newest version at once and again after another publish', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const events: { version: number; editor: string | null }[] = [];
    const request = http.get({
      host: '127.0.0.1',
      port,
      path: `/api/flow/${botId}/events`,
      headers: owner.headers as Record<string, string>,
    });
    const response = await new Promise<http.IncomingMessage>((resolve) => request.on('response', resolve));
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    let buffer = '';
    response.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let at;
      while ((at = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data) events.push(JSON.parse(data));
      }
    });
    await expect.poll(() => events.map((e) => e.version)).toEqual([3]);
    const current = (await list(owner)).json().versions[0].version;
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/flow/${botId}`,
      headers: { ...owner.headers, 'if-match': String(current), 'x-botflow-editor': 'tab-2' },
      payload: { nodes: sampleFlow() },
    });
    expect(again.statusCode).toBe(200);
    await expect.poll(() => events.map((e) => e.version), { timeout: 5000 }).toEqual([3, 4]);
    expect(events[1].editor).toBe('tab-2');
    request.destroy();
  });
});
