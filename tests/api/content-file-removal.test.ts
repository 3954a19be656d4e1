// Removing a file variable from a node in the editor deletes its file (spec 2 §7: DELETE
// /api/content/file/{botId} with variable_ids, or flow_template/file/{name}): the request the
// node editor builds for the variables an edit dropped, sent to a real server, leaves nothing on
// disk — for the main flow and for a flow template.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newNode, newVariableEntry, type FlowNode } from '../../src/core/flow/index.js';
import { toFormData } from '../../src/api/client.js';
import { droppedFileVariables, fileDeletion } from '../../src/features/node-editor/logic/file-variables.js';
import type { ContentScope } from '../../src/features/node-editor/editor-context.js';
import { createTestApp, type TestApp } from './helpers.js';
import { listen } from './chat-support.js';
import {
  botOf,
  customer,
  file,
  formOf,
  PDF,
  PNG,
  send,
  storedContent,
  templateOf,
  type Customer,
} from './content-support.js';

let t: TestApp;
let base: string;
let owner: Customer;
let botId: number;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  owner = await customer(t);
  botId = await botOf(t, owner);
  await templateOf(t, owner, botId, 'returns');
});
afterAll(() => t.close());

/** A basic node holding one file variable per id. */
function nodeWithFiles(ids: string[]): FlowNode {
  const node = newNode('basic', 'n1', 0, 0, 'n1');
  if (node.type !== 'basic') throw new Error('not basic');
  node.entries = ids.map((id) => ({
    ...newVariableEntry(`doc_${id}`),
    variableType: 'file' as const,
    variable_id: id,
    file: { id, name: `${id}.pdf` },
  }));
  return node;
}

/** Uploads a file variable the way the editor does; answers where its file is on disk. */
async function upload(uploadPath: string, id: string, data: Buffer, name: string): Promise<string> {
  const res = await send(t, 'POST', uploadPath, formOf({ variable_id: id, file: file(name, data) }, owner));
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().file.url as string);
  return path.join(t.config.dataDir, 'uploads', 'content', path.basename(url.pathname));
}

/** What the editor sends after an edit of `before` into `after`. */
async function editorDeletes(scope: ContentScope, before: FlowNode, after: FlowNode) {
  const ids = droppedFileVariables(before, after);
  const request = fileDeletion(scope, ids);
  const response = await fetch(`${base}${request.path}`, {
    method: 'DELETE',
    headers: owner.headers,
    body: toFormData(request.fields),
  });
  return { ids, status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('removing a file variable in the node editor', () => {
  it('deletes the file of the main flow from disk, and keeps the others', async () => {
    const brochure = await upload(`/api/content/file/${botId}`, 'brochure', PDF, 'Brochure.pdf');
    const logo = await upload(`/api/content/file/${botId}`, 'logo', PNG, 'logo.png');
    expect(fs.existsSync(brochure) && fs.existsSync(logo)).toBe(true);

    const res = await editorDeletes(
      { botId, template: null },
      nodeWithFiles(['brochure', 'logo']),
      nodeWithFiles(['logo']),
    );
    expect(res).toMatchObject({ ids: ['brochure'], status: 200, body: { deleted: ['brochure'] } });
    expect(fs.existsSync(brochure)).toBe(false);
    expect(await storedContent(t, botId, 'brochure')).toBeUndefined();
    expect(fs.existsSync(logo)).toBe(true);
  });

  it('deletes the file of a flow template from disk', async () => {
    const form = await upload(
      `/api/content/flow_template/file/returns?bot_id=${botId}`,
      'return-form',
      PDF,
      'Return form.pdf',
    );
    expect(fs.existsSync(form)).toBe(true);
    const res = await editorDeletes(
      { botId, template: 'returns' },
      nodeWithFiles(['return-form']),
      nodeWithFiles([]),
    );
    expect(res).toMatchObject({ status: 200, body: { deleted: ['return-form'] } });
    expect(fs.existsSync(form)).toBe(false);
  });
});
