import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newNode } from '../../src/core/flow/index.js';
import { FlowInputError } from '../../server/repos/flow-nodes.js';
import { readFlowsForExport, writeImportedFlows } from '../../server/repos/flows.js';
import { createTestApp, type TestApp } from './helpers.js';
import { botOf, customer, getFlow, publish, sampleFlow, type Customer } from './flow-support.js';

// The repository calls the bot export and import use: what leaves in bot_info.json comes back
// as the same flows on a new bot.
describe('flow: export and import sections', () => {
  let t: TestApp;
  let owner: Customer;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
  });
  afterAll(() => t.close());

  async function botWithFlows() {
    const botId = await botOf(t, owner);
    await publish(t, owner, botId, sampleFlow(), '"0"');
    await t.app.inject({
      method: 'POST',
      url: `/api/flow_template?bot_id=${botId}`,
      headers: owner.headers,
      payload: { flow_name: 'Returns' },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/flow_template?bot_id=${botId}`,
      headers: owner.headers,
      payload: { flow_name: 'Returns', nodes: [newNode('choice', 'c', 0, 0, 'Why')] },
    });
    return botId;
  }

  it('exports the main flow and the templates with their nodes as the editor sees them', async () => {
    const botId = await botWithFlows();
    const exported = await readFlowsForExport(t.app.db, botId);
    const editor = (await getFlow(t, owner, botId)).json();
    expect(exported.flow).toEqual({ name: 'main', nodes: editor.flow.nodes });
    expect(exported.flow_templates).toEqual([
      { name: 'Returns', nodes: [expect.objectContaining({ id: 'c', type: 'choice', name: 'Why' })] },
    ]);
    const empty = await readFlowsForExport(t.app.db, await botOf(t, owner));
    expect(empty).toEqual({ flow: { name: 'main', nodes: [] }, flow_templates: [] });
  });

  it('imports an export onto another bot: the same flows, each at version 1', async () => {
    const exported = await readFlowsForExport(t.app.db, await botWithFlows());
    // Through JSON, as the archive carries it.
    const data = JSON.parse(JSON.stringify(exported));
    const target = await botOf(t, owner);
    await t.app.db.transaction().execute((trx) => writeImportedFlows(trx, target, data));
    expect(await readFlowsForExport(t.app.db, target)).toEqual(exported);
    const read = (await getFlow(t, owner, target)).json();
    expect(read.version).toBe(1);
    expect(read.flow_templates.map((f: { name: string }) => f.name)).toEqual(['Returns']);
  });

  it.each([
    [
      'an unknown node type',
      { flow: { name: 'main', nodes: [{ ...newNode('basic', 'a', 0, 0, 'A'), type: 'x' }] } },
    ],
    [
      'a link to a missing node',
      {
        flow_templates: [
          { name: 'T', nodes: [{ ...newNode('basic', 'a', 0, 0, 'A'), next: [{ id: 0, node: 'z' }] }] },
        ],
      },
    ],
    ['nodes that are not a list', { flow: { name: 'main', nodes: 'none' } }],
    ['a template named main', { flow_templates: [{ name: 'main', nodes: [] }] }],
    [
      'two templates of one name',
      {
        flow_templates: [
          { name: 'T', nodes: [] },
          { name: 'T ', nodes: [] },
        ],
      },
    ],
    ['a blank template name', { flow_templates: [{ name: ' ', nodes: [] }] }],
    ['sections of the wrong shape', { flow_templates: 'T' }],
  ])('refuses %s with a 400-style error and writes nothing', async (_what, data) => {
    const target = await botOf(t, owner);
    const write = t.app.db.transaction().execute((trx) => writeImportedFlows(trx, target, data));
    await expect(write).rejects.toBeInstanceOf(FlowInputError);
    await expect(write).rejects.toMatchObject({ statusCode: 400 });
    const rows = await t.app.db.selectFrom('flows').select('id').where('bot_id', '=', target).execute();
    expect(rows).toEqual([]);
  });

  it('names the flow and the node in the refusal', async () => {
    const data = {
      flow_templates: [{ name: 'Returns', nodes: [{ ...newNode('basic', 'a', 0, 0, 'A'), type: 'x' }] }],
    };
    const target = await botOf(t, owner);
    await expect(
      t.app.db.transaction().execute((trx) => writeImportedFlows(trx, target, data)),
    ).rejects.toThrow('Flow "Returns": Node "A" (id a) has an unknown type "x"');
  });

  it('imports an archive without flow sections as a bot without flows', async () => {
    const target = await botOf(t, owner);
    await t.app.db.transaction().execute((trx) => writeImportedFlows(trx, target, {}));
    expect((await getFlow(t, owner, target)).json()).toMatchObject({ flow: { nodes: [] }, version: 0 });
  });
});
