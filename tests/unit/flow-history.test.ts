import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  applyDiff,
  createEngine,
  createHistory,
  newNode,
  type ApiNode,
  type Engine,
  type FlowChange,
  type FlowNode,
} from '../../src/core/flow';

/** The main thread's side: it applies changes itself and applies the diffs undo/redo hand back. */
function editor(initial: FlowNode[], options?: { limit?: number }) {
  const history = createHistory(options);
  history.load(initial);
  let nodes = initial;
  return {
    history,
    get nodes() {
      return nodes;
    },
    edit(...changes: FlowChange[]) {
      nodes = applyChanges(nodes, changes);
      return history.record(changes);
    },
    undo() {
      const diff = history.undo();
      if (diff) nodes = applyDiff(nodes, diff);
      return diff;
    },
    redo() {
      const diff = history.redo();
      if (diff) nodes = applyDiff(nodes, diff);
      return diff;
    },
  };
}

function flow(): FlowNode[] {
  const a = newNode('basic', 'a', 0, 0, 'Start');
  const b = newNode('choice', 'b', 100, 0, 'Ask');
  const c = newNode('basic', 'c', 200, 0, 'Sorry');
  const api = newNode('api', 'api', 0, 100, 'Fetch');
  a.next[0].node = 'c';
  b.next[0].node = 'c';
  api.next[1].node = 'c';
  api.store.failureTarget = 'c';
  return [a, b, c, api];
}

describe('flow history', () => {
  it('records a move as one per-key diff and undoes and redoes it', () => {
    const ed = editor(flow());
    const state = ed.edit({ type: 'move', id: 'b', x: 140, y: 30 });
    expect(state).toMatchObject({ canUndo: true, canRedo: false, depth: 1, hasChanges: true });
    const undo = ed.undo();
    expect(undo).toEqual({
      added: [],
      removed: [],
      changed: [
        {
          id: 'b',
          keys: [
            { key: 'x', before: 140, after: 100 },
            { key: 'y', before: 30, after: 0 },
          ],
        },
      ],
    });
    expect(ed.nodes).toEqual(flow());
    expect(ed.history.state()).toMatchObject({ canUndo: false, canRedo: true, hasChanges: false });
    ed.redo();
    expect(ed.nodes[1]).toMatchObject({ x: 140, y: 30 });
    expect(ed.history.nodes()).toEqual(ed.nodes);
  });

  it('keeps the objects of untouched nodes through undo and redo', () => {
    const ed = editor(flow());
    const before = ed.nodes;
    ed.edit({ type: 'move', id: 'b', x: 1, y: 1 });
    ed.undo();
    expect(ed.nodes[0]).toBe(before[0]);
    expect(ed.nodes[3]).toBe(before[3]);
  });

  it('drops the redo branch when something is recorded after an undo', () => {
    const ed = editor(flow());
    ed.edit({ type: 'move', id: 'a', x: 10, y: 10 });
    ed.edit({ type: 'move', id: 'a', x: 20, y: 20 });
    ed.undo();
    expect(ed.history.state().canRedo).toBe(true);
    const state = ed.edit({ type: 'move', id: 'b', x: 5, y: 5 });
    expect(state).toMatchObject({ canRedo: false, depth: 2 });
    expect(ed.redo()).toBeNull();
    expect(ed.nodes[0]).toMatchObject({ x: 10, y: 10 });
  });

  it('records a drag of many frames as one entry', () => {
    const ed = editor(flow());
    ed.history.beginGesture();
    for (let frame = 1; frame <= 60; frame++)
      ed.edit({ type: 'move', id: 'c', x: 200 + frame, y: frame * 2 });
    expect(ed.history.state().depth).toBe(0);
    expect(ed.history.endGesture().depth).toBe(1);
    ed.undo();
    expect(ed.nodes[2]).toMatchObject({ x: 200, y: 0 });
    expect(ed.history.state()).toMatchObject({ depth: 0, canRedo: true });
    ed.redo();
    expect(ed.nodes[2]).toMatchObject({ x: 260, y: 120 });
  });

  it('records no entry for a gesture or change that changed nothing', () => {
    const ed = editor(flow());
    ed.history.beginGesture();
    ed.edit({ type: 'move', id: 'a', x: 50, y: 50 });
    ed.edit({ type: 'move', id: 'a', x: 0, y: 0 });
    expect(ed.history.endGesture().depth).toBe(0);
    expect(ed.edit({ type: 'link', from: 'a', slot: 0, to: 'ghost' }).depth).toBe(0);
  });

  it('undoes a delete by restoring the node at its place and the links other nodes had to it', () => {
    const ed = editor(flow());
    ed.edit({ type: 'delete', id: 'c' });
    expect(ed.nodes.map((n) => n.id)).toEqual(['a', 'b', 'api']);
    expect((ed.nodes[2] as ApiNode).store.failureTarget).toBeNull();
    const diff = ed.undo()!;
    expect(diff.added).toEqual([{ node: flow()[2], index: 2 }]);
    expect(diff.changed.map((c) => c.id).sort()).toEqual(['a', 'api', 'b']);
    expect(ed.nodes).toEqual(flow());
    expect(ed.history.nodes()).toEqual(flow());
    ed.redo();
    expect(ed.nodes.map((n) => n.id)).toEqual(['a', 'b', 'api']);
    expect(ed.nodes[0].next[0].node).toBeNull();
    expect(ed.history.nodes()).toEqual(ed.nodes);
  });

  it('undoes an add and a duplicate by removing the new node', () => {
    const ed = editor(flow());
    ed.edit({ type: 'add', node: newNode('ai', 'z', 0, 0, 'Helper') });
    ed.edit({ type: 'duplicate', id: 'a', newId: 'a2' });
    expect(ed.nodes.map((n) => n.name)).toContain('Start-copy');
    expect(ed.undo()!.removed.map((entry) => entry.node.id)).toEqual(['a2']);
    ed.undo();
    expect(ed.nodes).toEqual(flow());
  });

  it('records a batch (add and link) as one entry', () => {
    const ed = editor(flow());
    ed.edit({ type: 'add', node: newNode('call', 'k', 0, 0) }, { type: 'link', from: 'b', slot: 0, to: 'k' });
    expect(ed.history.state().depth).toBe(1);
    ed.undo();
    expect(ed.nodes).toEqual(flow());
  });

  it('keeps main thread and replica equal through a long edit, undo and redo sequence', () => {
    const ed = editor(flow());
    ed.edit({ type: 'delete', id: 'a' });
    ed.edit({ type: 'add', node: newNode('wizard', 'w', 0, 0, 'Form') });
    ed.edit({ type: 'link', from: 'w', slot: 0, to: 'api' });
    ed.edit({ type: 'delete', id: 'b' }, { type: 'duplicate', id: 'api', newId: 'api2' });
    ed.edit({ type: 'unlink', from: 'api', slot: 1 });
    const end = ed.nodes;
    for (let i = 0; i < 5; i++) {
      ed.undo();
      expect(ed.history.nodes()).toEqual(ed.nodes);
    }
    expect(ed.nodes).toEqual(flow());
    for (let i = 0; i < 5; i++) ed.redo();
    expect(ed.nodes).toEqual(end);
    expect(ed.history.nodes()).toEqual(end);
  });

  it('load replaces the flow without history, clear empties it after a save', () => {
    const ed = editor(flow());
    ed.edit({ type: 'move', id: 'a', x: 3, y: 3 });
    ed.edit({ type: 'move', id: 'a', x: 4, y: 4 });
    ed.undo();
    expect(ed.history.clear()).toEqual({
      canUndo: false,
      canRedo: false,
      depth: 0,
      redoDepth: 0,
      hasChanges: false,
    });
    expect(ed.history.nodes()[0]).toMatchObject({ x: 3, y: 3 });
    expect(ed.undo()).toBeNull();
    const other = [newNode('basic', 'x', 0, 0)];
    expect(ed.history.load(other)).toMatchObject({ depth: 0, hasChanges: false });
    expect(ed.history.nodes()).toEqual(other);
  });

  it('still reports changes when old entries fell off the limit', () => {
    const ed = editor(flow(), { limit: 2 });
    for (let i = 1; i <= 3; i++) ed.edit({ type: 'move', id: 'a', x: i, y: i });
    ed.undo();
    ed.undo();
    expect(ed.history.state()).toMatchObject({ canUndo: false, hasChanges: true });
    expect(ed.nodes[0]).toMatchObject({ x: 1, y: 1 });
  });

  it('touches only the moved node of a 10,000-node flow', () => {
    const nodes = Array.from({ length: 10_000 }, (_, i) => newNode('basic', `n${i}`, i, i));
    const ed = editor(nodes);
    const before = ed.history.nodes();
    ed.edit({ type: 'move', id: 'n5000', x: -1, y: -1 });
    const after = ed.history.nodes();
    expect(after.filter((node, i) => node !== before[i]).map((n) => n.id)).toEqual(['n5000']);
    expect(ed.undo()!.changed).toHaveLength(1);
  });
});

describe('engine', () => {
  it('exposes the history as a plain object the worker can wrap', () => {
    const engine = createEngine();
    engine.load(flow());
    engine.beginGesture();
    engine.record([{ type: 'move', id: 'a', x: 1, y: 1 }]);
    engine.record([{ type: 'move', id: 'a', x: 2, y: 2 }]);
    expect(engine.endGesture().depth).toBe(1);
    expect(engine.undo()?.changed[0].id).toBe('a');
    expect(engine.redo()?.changed[0].keys[0]).toEqual({ key: 'x', before: 0, after: 2 });
    expect(engine.clear().hasChanges).toBe(false);
    expect(Object.values(engine).every((member) => typeof member === 'function')).toBe(true);
  });

  it('closes an open gesture before undoing it', () => {
    const engine = createEngine();
    engine.load(flow());
    engine.beginGesture();
    engine.record([{ type: 'move', id: 'b', x: 9, y: 9 }]);
    expect(engine.undo()?.changed[0].id).toBe('b');
    expect(engine.nodes()[1]).toMatchObject({ x: 100, y: 0 });
  });
});

describe('engine over Comlink', () => {
  it('answers through a message channel, as the worker does', async () => {
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(createEngine(), port1);
    const remote = Comlink.wrap<Engine>(port2);
    await remote.load(flow());
    expect((await remote.record([{ type: 'delete', id: 'c' }])).depth).toBe(1);
    const diff = await remote.undo();
    expect(diff?.added.map((entry) => entry.node.id)).toEqual(['c']);
    expect(await remote.nodes()).toEqual(flow());
    port1.close();
    port2.close();
  });
});
