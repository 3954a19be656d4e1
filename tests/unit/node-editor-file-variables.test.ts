import { describe, expect, it } from 'vitest';
import { newNode, newVariableEntry, type FlowNode } from '../../src/core/flow';
import {
  droppedFileVariables,
  fileContentPath,
  fileVariableIds,
} from '../../src/features/node-editor/logic/file-variables';

function basic(
  id: string,
  files: (string | null)[],
  extra: Partial<ReturnType<typeof newVariableEntry>> = {},
): FlowNode {
  const node = newNode('basic', id, 0, 0, id);
  if (node.type !== 'basic') throw new Error('not basic');
  node.entries = files.map((fileId, i) => ({
    ...newVariableEntry(`v${i}`),
    variableType: 'file' as const,
    variable_id: fileId,
    file: fileId ? { id: fileId, name: 'a.pdf' } : null,
    ...extra,
  }));
  return node;
}

describe('file variables of a node', () => {
  it('lists the ids of file variables only', () => {
    const node = basic('a', ['f1', null, 'f2']);
    if (node.type === 'basic') node.entries.push({ ...newVariableEntry('t'), variable_id: 'not-a-file' });
    expect(fileVariableIds(node)).toEqual(['f1', 'f2']);
    expect(fileVariableIds(newNode('choice', 'c', 0, 0, 'c'))).toEqual([]);
  });

  it('finds the files an edit dropped: a removed entry, a type changed away from file', () => {
    expect(droppedFileVariables(basic('a', ['f1', 'f2']), basic('a', ['f2']))).toEqual(['f1']);
    const retyped = basic('a', ['f1'], { variableType: 'text', variable_id: null, file: null });
    expect(droppedFileVariables(basic('a', ['f1']), retyped)).toEqual(['f1']);
    expect(droppedFileVariables(basic('a', ['f1']), basic('a', ['f1']))).toEqual([]);
  });

  it('keeps a file another node still holds', () => {
    expect(droppedFileVariables(basic('a', ['f1', 'f2']), basic('a', []), [basic('b', ['f2'])])).toEqual([
      'f1',
    ]);
  });

  it('addresses the bot or the flow template', () => {
    expect(fileContentPath({ botId: 7, template: null })).toBe('/api/content/file/7');
    expect(fileContentPath({ botId: 7, template: 'a b' })).toBe(
      '/api/content/flow_template/file/a%20b?bot_id=7',
    );
  });
});
