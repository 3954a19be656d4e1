import { describe, expect, it } from 'vitest';
import { applyChanges, newNode, type ApiNode, type FlowChange, type FlowNode } from '../../src/core/flow';
import { linkedFlow } from './flow-fixtures';

const flow = linkedFlow;

const byId = (nodes: FlowNode[], id: string) => nodes.find((n) => n.id === id)!;

describe('applyChanges', () => {
  it('returns the same array when there is nothing to do', () => {
    const nodes = flow();
    expect(applyChanges(nodes, [])).toBe(nodes);
    expect(applyChanges(nodes, [{ type: 'move', id: 'a', x: 0, y: 0 }])).toBe(nodes);
    expect(applyChanges(nodes, [{ type: 'move', id: 'nobody', x: 1, y: 1 }])).toBe(nodes);
  });

  it('adds a node at the end and refuses an id already taken', () => {
    const nodes = flow();
    const added = applyChanges(nodes, [{ type: 'add', node: newNode('ai', 'z', 5, 5) }]);
    expect(added.map((n) => n.id)).toEqual(['a', 'b', 'c', 'api', 'perm', 'z']);
    expect(added[0]).toBe(nodes[0]);
    expect(applyChanges(nodes, [{ type: 'add', node: newNode('ai', 'a', 5, 5) }])).toBe(nodes);
  });

  it('moves one node and keeps every other node object', () => {
    const nodes = flow();
    const moved = applyChanges(nodes, [{ type: 'move', id: 'b', x: 40, y: 50 }]);
    expect(byId(moved, 'b')).toMatchObject({ x: 40, y: 50, name: 'Ask' });
    expect(nodes[1]).toMatchObject({ x: 100, y: 0 });
    moved.forEach((node, i) => i !== 1 && expect(node).toBe(nodes[i]));
  });

  it('deletes a node with every link to it, including failure targets', () => {
    const nodes = flow();
    const result = applyChanges(nodes, [{ type: 'delete', id: 'c' }]);
    expect(result.map((n) => n.id)).toEqual(['a', 'b', 'api', 'perm']);
    const api = byId(result, 'api') as ApiNode;
    expect(api.next.map((s) => s.node)).toEqual(['a', null]);
    expect(api.store).toMatchObject({ successTarget: 'a', failureTarget: null });
    expect(api).not.toHaveProperty('onFailure');
    expect(byId(result, 'perm').next.map((s) => s.node)).toEqual([null, null]);
    // Nodes that never pointed at c are untouched.
    expect(byId(result, 'a')).toBe(nodes[0]);
    expect(byId(result, 'b')).toBe(nodes[1]);
  });

  it('clears the success target too when the deleted node was the success target', () => {
    const result = applyChanges(flow(), [{ type: 'delete', id: 'a' }]);
    const api = byId(result, 'api') as ApiNode;
    expect(api.store.successTarget).toBeNull();
    expect(api.next[0].node).toBeNull();
    expect(api.next[1].node).toBe('c');
  });

  it('clears a failure target even when no slot points at the deleted node', () => {
    const api = newNode('api', 'api', 0, 0);
    api.store.failureTarget = 'c';
    const result = applyChanges([api, newNode('basic', 'c', 0, 0)], [{ type: 'delete', id: 'c' }]);
    expect((result[0] as ApiNode).store.failureTarget).toBeNull();
  });

  it('duplicates with -copy, then -copy_N, offset 20 and no links', () => {
    let nodes = flow();
    nodes = applyChanges(nodes, [{ type: 'duplicate', id: 'api', newId: 'd1' }]);
    nodes = applyChanges(nodes, [{ type: 'duplicate', id: 'api', newId: 'd2' }]);
    nodes = applyChanges(nodes, [{ type: 'duplicate', id: 'api', newId: 'd3' }]);
    expect(nodes.slice(-3).map((n) => n.name)).toEqual(['Fetch-copy', 'Fetch-copy_1', 'Fetch-copy_2']);
    const copy = byId(nodes, 'd1') as ApiNode;
    expect(copy).toMatchObject({ type: 'api', x: 20, y: 120, isNew: true });
    expect(copy.next).toEqual([
      { id: 0, node: null },
      { id: 1, node: null, onFailure: true },
    ]);
    expect(copy.store).toMatchObject({ successTarget: null, failureTarget: null });
    const original = byId(nodes, 'api') as ApiNode;
    expect(original.store.successTarget).toBe('a');
    expect(copy.api).toEqual(original.api);
    expect(copy.api).not.toBe(original.api);
  });

  it('refuses to duplicate onto a taken id or from an unknown node', () => {
    const nodes = flow();
    expect(applyChanges(nodes, [{ type: 'duplicate', id: 'a', newId: 'b' }])).toBe(nodes);
    expect(applyChanges(nodes, [{ type: 'duplicate', id: 'x', newId: 'y' }])).toBe(nodes);
  });

  it('links an output slot to another node and unlinks it again', () => {
    const nodes = flow();
    const linked = applyChanges(nodes, [{ type: 'link', from: 'b', slot: 0, to: 'c' }]);
    expect(byId(linked, 'b').next[0].node).toBe('c');
    expect(nodes[1].next[0].node).toBeNull();
    const unlinked = applyChanges(linked, [{ type: 'unlink', from: 'b', slot: 0 }]);
    expect(byId(unlinked, 'b').next[0].node).toBeNull();
    expect(byId(unlinked, 'a')).toBe(nodes[0]);
  });

  it('ignores a link to a missing node or from a missing slot', () => {
    const nodes = flow();
    expect(applyChanges(nodes, [{ type: 'link', from: 'b', slot: 0, to: 'ghost' }])).toBe(nodes);
    expect(applyChanges(nodes, [{ type: 'link', from: 'b', slot: 7, to: 'c' }])).toBe(nodes);
    expect(applyChanges(nodes, [{ type: 'unlink', from: 'ghost', slot: 0 }])).toBe(nodes);
  });

  it('replaces a node on update and ignores an update of an unknown id', () => {
    const nodes = flow();
    const edited = { ...nodes[0], name: 'Welcome' };
    const result = applyChanges(nodes, [{ type: 'update', node: edited }]);
    expect(result[0]).toBe(edited);
    expect(applyChanges(nodes, [{ type: 'update', node: newNode('basic', 'new', 0, 0) }])).toBe(nodes);
  });

  it('applies a batch in order, each change seeing the ones before it', () => {
    const result = applyChanges(flow(), [
      { type: 'add', node: newNode('notification', 'n', 0, 0, 'Remind') },
      { type: 'link', from: 'c', slot: 0, to: 'n' },
      { type: 'duplicate', id: 'n', newId: 'n2' },
      { type: 'delete', id: 'n' },
    ]);
    expect(result.map((n) => n.id)).toEqual(['a', 'b', 'c', 'api', 'perm', 'n2']);
    expect(byId(result, 'c').next[0].node).toBeNull();
    expect(byId(result, 'n2').name).toBe('Remind-copy');
  });
  it('applies a long batch (a multi-node move with a delete in the middle)', () => {
    const nodes = Array.from({ length: 30 }, (_, i) => newNode('basic', `n${i}`, 0, 0));
    nodes[29].next[0].node = 'n3';
    const changes: FlowChange[] = nodes.slice(0, 20).map((n, i) => ({ type: 'move', id: n.id, x: i, y: -i }));
    changes.splice(10, 0, { type: 'delete', id: 'n3' }, { type: 'add', node: newNode('ai', 'x', 1, 1) });
    changes.push({ type: 'link', from: 'x', slot: 0, to: 'n25' });
    const result = applyChanges(nodes, changes);
    expect(result).toHaveLength(30);
    expect(result.map((n) => n.id)).not.toContain('n3');
    expect(byId(result, 'n19')).toMatchObject({ x: 19, y: -19 });
    expect(byId(result, 'n29').next[0].node).toBeNull();
    expect(byId(result, 'x').next[0].node).toBe('n25');
    expect(byId(result, 'n25')).toBe(nodes[25]);
  });
});
