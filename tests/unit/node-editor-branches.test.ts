import { describe, expect, it } from 'vitest';
import { newNode, type Slot } from '../../src/core/flow';
import {
  addBranch,
  branchIndices,
  branchInsertIndex,
  newSlotId,
  removeBranch,
} from '../../src/features/node-editor/logic/branches';

describe('conditional branches (spec 2 §4)', () => {
  it('inserts a new branch before the trailing default branch', () => {
    const basic = newNode('basic', 'b', 0, 0);
    expect(branchInsertIndex('basic', basic.next)).toBe(0);
    const once = addBranch('basic', basic.next, ' age >= 18 ');
    expect(once.map((s) => s.condition?.en ?? 'default')).toEqual(['age >= 18', 'default']);
    const twice = addBranch('basic', once, 'age < 18');
    expect(twice.map((s) => s.condition?.en ?? 'default')).toEqual(['age >= 18', 'age < 18', 'default']);
    expect(twice[1]).toMatchObject({ node: null, isNew: true, isValid: true });
  });

  it('inserts before the last two slots for api and device-permission nodes', () => {
    for (const type of ['api', 'device-permission'] as const) {
      const node = newNode(type, 'n', 0, 0);
      expect(branchInsertIndex(type, node.next)).toBe(0);
      const next = addBranch(type, addBranch(type, node.next, 'a == 1'), 'b == 2');
      expect(next.map((s) => s.condition?.en ?? (s.onFailure ? 'failure' : 'default'))).toEqual([
        'a == 1',
        'b == 2',
        'default',
        'failure',
      ]);
      expect(next[3].id).toBe(1);
    }
  });

  it('gives each branch an id unused in the node, never the failure slot id', () => {
    const slots: Slot[] = [{ id: 0, node: null }];
    expect(newSlotId(slots)).toBe(2);
    expect(
      newSlotId([
        { id: 0, node: null },
        { id: 7, node: 'x' },
        { id: 1, node: null, onFailure: true },
      ]),
    ).toBe(8);
    const ids = addBranch('basic', addBranch('basic', slots, 'x'), 'y').map((s) => s.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('lists and removes the conditional branches only', () => {
    const next = addBranch('api', newNode('api', 'n', 0, 0).next, 'ok == true');
    expect(branchIndices(next)).toEqual([0]);
    expect(removeBranch(next, 0)).toEqual(newNode('api', 'n', 0, 0).next);
  });
});
