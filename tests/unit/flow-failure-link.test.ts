import { describe, expect, it } from 'vitest';
import { flowNodeSchema, newNode, upgradeFailureLink, upgradeFailureLinks } from '../../src/core/flow';

// Flows stored or exported before failure links were slots kept them in a node field `onFailure`.
const legacyApi = () => {
  const { next, ...api } = newNode('api', 'api', 0, 0, 'Fetch');
  return {
    ...api,
    next: next.filter((slot) => !slot.onFailure).map((s) => ({ ...s, node: 'ok' })),
    onFailure: 'sorry',
  };
};

describe('upgradeFailureLink', () => {
  it('turns the onFailure field into the last slot, id 1, and drops the field', () => {
    const upgraded = upgradeFailureLink(legacyApi()) as Record<string, unknown>;
    expect(upgraded).not.toHaveProperty('onFailure');
    expect(upgraded.next).toEqual([
      { id: 0, node: 'ok' },
      { id: 1, node: 'sorry', onFailure: true },
    ]);
    expect(flowNodeSchema.safeParse(upgraded).success).toBe(true);
  });

  it('keeps the slot when a node has both (the slot is what the board edited)', () => {
    const both = { ...newNode('device-permission', 'perm', 0, 0), onFailure: 'stale' };
    both.next[1].node = 'fresh';
    const upgraded = upgradeFailureLink(both) as Record<string, unknown>;
    expect(upgraded).not.toHaveProperty('onFailure');
    expect(upgraded.next).toEqual(both.next);
  });

  it('takes the next free id when 1 is taken, and gives a node with neither an empty slot', () => {
    const crowded = {
      ...legacyApi(),
      next: [
        { id: 0, node: null },
        { id: 1, node: null },
      ],
    };
    expect((upgradeFailureLink(crowded) as { next: unknown[] }).next.at(-1)).toEqual({
      id: 2,
      node: 'sorry',
      onFailure: true,
    });
    const { onFailure: _none, ...bare } = legacyApi();
    expect((upgradeFailureLink(bare) as { next: unknown[] }).next.at(-1)).toEqual({
      id: 1,
      node: null,
      onFailure: true,
    });
  });

  it('leaves today’s nodes, other types and non-nodes as they are (same objects)', () => {
    const api = newNode('api', 'api', 0, 0);
    const basic = newNode('basic', 'b', 0, 0);
    expect(upgradeFailureLink(api)).toBe(api);
    expect(upgradeFailureLink(basic)).toBe(basic);
    expect(upgradeFailureLink('not a node')).toBe('not a node');
    const list = [api, basic];
    expect(upgradeFailureLinks(list)).toBe(list);
    expect(upgradeFailureLinks([api, legacyApi()])).not.toBe(list);
  });
});
