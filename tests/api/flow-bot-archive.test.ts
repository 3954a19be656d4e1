import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from './helpers.js';
import { withHeaders } from '../fixtures/bot-api.js';
import { botOf, customer, getFlow, publish, sampleFlow, type Customer } from './flow-support.js';
import { botInfo, zipFile, zipOf } from '../fixtures/zips.js';

// The flow and its templates travel in the bot export zip and come back on import (issue 4).
describe('bot archive: flows', () => {
  let t: TestApp;
  let owner: Customer;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
  });
  afterAll(() => t.close());

  const importZip = (data: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/import',
      ...withHeaders(multipart({ uploaded_bot_file: zipFile(data) }), owner),
    });

  it('exports the published flow and templates in bot_info.json and imports them onto the new bot', async () => {
    const botId = await botOf(t, owner);
    expect((await publish(t, owner, botId, sampleFlow(), '"0"')).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/flow_template?bot_id=${botId}`,
      headers: owner.headers,
      payload: { flow_name: 'Returns' },
    });

    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/export',
      ...withHeaders(multipart({ bot_id: String(botId) }), owner),
    });
    expect(exported.statusCode).toBe(200);
    const zip = exported.rawPayload;
    const info = JSON.parse(await (await JSZip.loadAsync(zip)).file('bot_info.json')!.async('string'));
    expect(info.flow.nodes.map((n: { id: string }) => n.id)).toEqual(['greet', 'fetch', 'ask']);
    expect(info.flow_templates.map((f: { name: string }) => f.name)).toEqual(['Returns']);

    const imported = await importZip(zip);
    expect(imported.statusCode).toBe(200);
    const copy = (await getFlow(t, owner, imported.json().bot.id)).json();
    const original = (await getFlow(t, owner, botId)).json();
    expect(copy.flow.nodes).toEqual(original.flow.nodes);
    expect(copy.flow_templates.map((f: { name: string }) => f.name)).toEqual(['Returns']);
  });

  it('refuses an archive whose flow is invalid and creates no bot', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/bot', headers: owner.headers })).json()
      .bots.length;
    const broken = await zipOf({
      'bot_info.json': botInfo(
        {},
        { flow: { name: 'main', nodes: [{ id: 'x', type: 'teleport', name: 'X' }] } },
      ),
    });
    const res = await importZip(broken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/teleport/);
    const after = (await t.app.inject({ method: 'GET', url: '/api/bot', headers: owner.headers })).json().bots
      .length;
    expect(after).toBe(before);
  });
});
