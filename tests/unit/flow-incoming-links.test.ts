import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  applyDiff,
  createHistory,
  IncomingLinks,
  indexLinks,
  linksIndexOf,
  newNode,
  nodeTargets,
  type FlowChange,
  type FlowNode,
} from '../../src/core/flow';
import { applyChange } from '../../src/core/flow/changes';
import { linkedFlow } from './flow-fixtures';
import { reverseDiff } from '../../src/core/flow/diff';
import {
  applyDiffToReplica,
  createReplica,
  recordingStore,
  replicaNodes,
  type Recording,
} from '../../src/core/flow/replica';

/** The shared linked flow (flow-fixtures.ts) and d → d, a node linked to itself. */
function flow(): FlowNode[] {
  const d = newNode('basic', 'd', 300, 0, 'Loop');
  d.next[0].node = 'd';
  return [...linkedFlow(), d];
}

/** Every node's sources as the index answers them, sorted, for comparing with a fresh index. */
function sources(index: IncomingLinks, nodes: readonly FlowNode[]): Record<string, string[]> {
  const ids = new Set(nodes.flatMap((node) => [node.id, ...nodeTargets(node)]));
  return Object.fromEntries([...ids].sort().map((id) => [id, index.sourcesOf(id).sort()]));
}

/** The index carried by `nodes` must say exactly what one built from scratch says. */
function expectIndexCurrent(nodes: FlowNode[]) {
  const carried = linksIndexOf(nodes);
  expect(carried).toBeDefined();
  expect(sources(carried!, nodes)).toEqual(sources(new IncomingLinks(nodes), nodes));
}

describe('IncomingLinks', () => {
  it('lists each node pointing at a node once, whatever kind of pointer it uses', () => {
    const index = new IncomingLinks(flow());
    expect(index.sourcesOf('c').sort()).toEqual(['api', 'perm']);
    expect(index.sourcesOf('a')).toEqual(['api']);
    expect(index.sourcesOf('b')).toEqual(['a']);
    expect(index.sourcesOf('d')).toEqual(['d']);
    expect(index.sourcesOf('api')).toEqual([]);
  });

  it('forgets a source only when its last pointer to the target goes', () => {
    const [, , , api] = flow();
    const index = new IncomingLinks([api]);
    const slotCleared = { ...api, next: api.next.map((slot) => ({ ...slot, node: null })) };
    index.replace(api, slotCleared);
    // failureTarget still names c.
    expect(index.sourcesOf('c')).toEqual(['api']);
    index.replace(slotCleared, undefined);
    expect(index.sourcesOf('c')).toEqual([]);
    expect(index.sourcesOf('a')).toEqual([]);
  });

  it('follows the list through add, link, unlink, update, duplicate and delete', () => {
    let nodes = flow();
    indexLinks(nodes);
    const steps: FlowChange[][] = [
      [{ type: 'add', node: newNode('wizard', 'w', 0, 0, 'Form') }],
      [{ type: 'link', from: 'w', slot: 0, to: 'c' }],
      [{ type: 'link', from: 'b', slot: 0, to: 'w' }],
      [{ type: 'unlink', from: 'api', slot: 1 }],
      [{ type: 'update', node: { ...flow()[5], next: [{ id: 0, node: 'a' }] } }],
      [{ type: 'duplicate', id: 'api', newId: 'api2' }],
      [{ type: 'delete', id: 'c' }],
      [
        { type: 'delete', id: 'd' },
        { type: 'move', id: 'a', x: 9, y: 9 },
      ],
      [
        { type: 'add', node: newNode('ai', 'z', 0, 0) },
        { type: 'link', from: 'a', slot: 0, to: 'z' },
        { type: 'delete', id: 'z' },
      ],
    ];
    for (const changes of steps) {
      const before = nodes;
      nodes = applyChanges(nodes, changes);
      expect(nodes).not.toBe(before);
      // The index moved on with the list: the old list no longer claims it.
      expect(linksIndexOf(before)).toBeUndefined();
      expectIndexCurrent(nodes);
    }
    expect(nodes.find((n) => n.id === 'a')!.next[0].node).toBeNull();
  });

  it('deletes exactly as a scan does, failure targets and self-links included', () => {
    for (const id of ['a', 'b', 'c', 'd', 'api']) {
      const indexed = flow();
      indexLinks(indexed);
      const scanned = flow();
      expect(applyChanges(indexed, [{ type: 'delete', id }])).toEqual(
        applyChanges(scanned, [{ type: 'delete', id }]),
      );
    }
    const indexed = flow();
    indexLinks(indexed);
    const after = applyChanges(indexed, [{ type: 'delete', id: 'c' }]);
    const api = after.find((n) => n.id === 'api')!;
    expect(api.type === 'api' && [api.next[1].node, api.store.failureTarget]).toEqual([null, null]);
  });

  it('stays right through undo and redo (applyDiff)', () => {
    const history = createHistory();
    let nodes = flow();
    history.load(nodes);
    indexLinks(nodes);
    const edit = (...changes: FlowChange[]) => {
      nodes = applyChanges(nodes, changes);
      history.record(changes);
    };
    edit({ type: 'delete', id: 'c' });
    edit({ type: 'link', from: 'b', slot: 0, to: 'api' });
    edit({ type: 'add', node: newNode('call', 'k', 0, 0) }, { type: 'link', from: 'a', slot: 0, to: 'k' });
    edit({ type: 'delete', id: 'a' });
    for (let i = 0; i < 4; i++) {
      nodes = applyDiff(nodes, history.undo()!);
      expectIndexCurrent(nodes);
    }
    expect(nodes).toEqual(flow());
    for (let i = 0; i < 4; i++) {
      nodes = applyDiff(nodes, history.redo()!);
      expectIndexCurrent(nodes);
    }
    // After redoing the delete of a, nothing points at it any more.
    expect(linksIndexOf(nodes)!.sourcesOf('a')).toEqual([]);
  });

  it('leaves a list that was edited again from an older version to a scan', () => {
    const start = flow();
    indexLinks(start);
    const moved = applyChanges(start, [{ type: 'move', id: 'a', x: 1, y: 1 }]);
    expect(linksIndexOf(start)).toBeUndefined();
    // Editing the old list again must not use (or corrupt) the index now owned by `moved`.
    const branch = applyChanges(start, [{ type: 'delete', id: 'b' }]);
    expect(branch.find((n) => n.id === 'a')!.next[0].node).toBeNull();
    expect(linksIndexOf(branch)).toBeUndefined();
    expectIndexCurrent(moved);
  });

  it("keeps the worker replica's index right through recording, undo and redo", () => {
    const replica = createReplica(flow());
    // Built by the first delete recorded, not on load.
    expect(replica.links).toBeNull();
    const expectReplicaIndex = () => {
      const nodes = replicaNodes(replica);
      expect(sources(replica.links!, nodes)).toEqual(sources(new IncomingLinks(nodes), nodes));
    };
    const entries = [
      [{ type: 'delete', id: 'c' }],
      [
        { type: 'add', node: newNode('call', 'k', 0, 0) },
        { type: 'link', from: 'k', slot: 0, to: 'b' },
      ],
      [
        { type: 'unlink', from: 'a', slot: 0 },
        { type: 'delete', id: 'b' },
      ],
    ] satisfies FlowChange[][];
    const before = flow();
    const recordings: Recording[] = [];
    for (const changes of entries) {
      const recording: Recording = { before: new Map(), orderBefore: null };
      const store = recordingStore(replica, recording);
      for (const change of changes) applyChange(store, change);
      recordings.push(recording);
      expectReplicaIndex();
    }
    // The delete of c cleared every pointer to it, found through the index.
    const api = replica.byId.get('api')!;
    expect(api.type === 'api' && [api.next[1].node, api.store.failureTarget]).toEqual([null, null]);
    // Undo everything as diffs (what the history hands the main thread), then redo it.
    const history = createHistory();
    history.load(before);
    for (const changes of entries) history.record(changes);
    const diffs: ReturnType<typeof history.undo>[] = [];
    for (let i = 0; i < entries.length; i++) diffs.push(history.undo());
    for (const diff of diffs) {
      applyDiffToReplica(replica, diff!);
      expectReplicaIndex();
    }
    expect(replicaNodes(replica)).toEqual(before);
    for (const diff of [...diffs].reverse()) {
      applyDiffToReplica(replica, reverseDiff(diff!));
      expectReplicaIndex();
    }
    // Redone to the end: b is gone again, and so is k's link to it.
    expect(replica.byId.has('b')).toBe(false);
    expect(replica.byId.get('k')!.next[0].node).toBeNull();
    expect(replica.links!.sourcesOf('b')).toEqual([]);
  });
});
