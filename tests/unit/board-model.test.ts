import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  applyDiff,
  createHistory,
  newNode,
  type FlowChange,
  type FlowNode,
} from '../../src/core/flow';
import { BoardModel, linkId } from '../../src/features/flow/board/board-model';
import { inputPoint, linkCurve, outputPoint } from '../../src/features/flow/board/geometry';

const everywhere = { minX: -1e6, minY: -1e6, maxX: 1e6, maxY: 1e6 };

function flow(): FlowNode[] {
  const a = newNode('basic', 'a', 0, 0, 'Start');
  const b = newNode('choice', 'b', 400, 0, 'Ask');
  const c = newNode('api', 'c', 800, 0, 'Call');
  const d = newNode('basic', 'd', 400, 400, 'End');
  return applyChanges(
    [a, b, c, d],
    [
      { type: 'link', from: 'a', slot: 0, to: 'b' },
      { type: 'link', from: 'b', slot: 0, to: 'c' },
      { type: 'link', from: 'c', slot: 1, to: 'd' },
    ],
  );
}

/** The model's links as plain facts, for comparing an updated model with a fresh one. */
function facts(model: BoardModel) {
  const links = [...model.links.values()]
    .map((l) => [l.id, l.from, l.slotId, l.to, l.curve.join(',')])
    .sort();
  const nodes = model
    .nodesIn(everywhere)
    .map((n) => n.id)
    .sort();
  return { links, nodes };
}

function fresh(nodes: FlowNode[]): BoardModel {
  const model = new BoardModel();
  model.update(nodes);
  return model;
}

describe('BoardModel', () => {
  it('draws one link per linked slot, from the output slot to the input', () => {
    const nodes = flow();
    const model = fresh(nodes);
    expect([...model.links.keys()].sort()).toEqual([linkId('a', 0), linkId('b', 0), linkId('c', 1)].sort());
    const failure = model.links.get('c:1')!;
    expect(failure.slotIndex).toBe(1);
    expect(failure.curve).toEqual(linkCurve(outputPoint(nodes[2], 1), inputPoint(nodes[3])));
    expect(
      model
        .linksOf('b')
        .map((l) => l.id)
        .sort(),
    ).toEqual(['a:0', 'b:0']);
  });

  it('ignores links to nodes that are not on the board', () => {
    const [a] = flow();
    const model = fresh([{ ...a, next: [{ id: 0, node: 'ghost' }] }]);
    expect(model.links.size).toBe(0);
  });

  it('answers whether an update changed anything', () => {
    const nodes = flow();
    const model = fresh(nodes);
    expect(model.update(nodes)).toBe(false);
    expect(model.update([...nodes])).toBe(false);
    expect(model.update(applyChanges(nodes, [{ type: 'move', id: 'a', x: 5, y: 5 }]))).toBe(true);
  });

  it('finds nodes by area and follows a moved node with its links', () => {
    const model = fresh(flow());
    const moved = applyChanges(model.nodes, [{ type: 'move', id: 'b', x: 2000, y: 2000 }]);
    model.update(moved);
    expect(model.nodesIn({ minX: 390, minY: -10, maxX: 450, maxY: 40 }).map((n) => n.id)).toEqual([]);
    expect(model.nodesIn({ minX: 1990, minY: 1990, maxX: 2010, maxY: 2010 }).map((n) => n.id)).toEqual(['b']);
    expect(model.links.get('a:0')!.curve).toEqual(linkCurve(outputPoint(moved[0], 0), inputPoint(moved[1])));
    expect(facts(model)).toEqual(facts(fresh(moved)));
  });

  it('stays equal to a freshly built model through edits, undo and redo', () => {
    const edits: FlowChange[][] = [
      [{ type: 'move', id: 'c', x: 900, y: 120 }],
      [{ type: 'duplicate', id: 'b', newId: 'b2' }],
      [{ type: 'link', from: 'b2', slot: 0, to: 'd' }],
      [{ type: 'delete', id: 'c' }],
      [{ type: 'unlink', from: 'a', slot: 0 }],
      [{ type: 'add', node: newNode('ai', 'e', -300, 50, 'Think') }],
      [{ type: 'link', from: 'e', slot: 0, to: 'e' }],
    ];
    const history = createHistory();
    let nodes = flow();
    history.load(nodes);
    const model = fresh(nodes);
    for (const changes of edits) {
      nodes = applyChanges(nodes, changes);
      history.record(changes);
      model.update(nodes);
      expect(facts(model)).toEqual(facts(fresh(nodes)));
    }
    for (let i = 0; i < edits.length; i++) {
      nodes = applyDiff(nodes, history.undo()!);
      model.update(nodes);
      expect(facts(model)).toEqual(facts(fresh(nodes)));
    }
    expect(facts(model)).toEqual(facts(fresh(flow())));
    for (let i = 0; i < edits.length; i++) {
      nodes = applyDiff(nodes, history.redo()!);
      model.update(nodes);
      expect(facts(model)).toEqual(facts(fresh(nodes)));
    }
  });

  it('draws a link again when its missing target comes back unchanged', () => {
    const nodes = flow();
    const model = fresh(nodes);
    // The target leaves while the node linking to it stays as it was (a server-side edit).
    model.update(nodes.filter((n) => n.id !== 'b'));
    expect(model.links.has('a:0')).toBe(false);
    model.update(nodes);
    expect(model.links.has('a:0')).toBe(true);
  });

  it('puts later nodes on top', () => {
    const model = fresh(flow());
    expect(model.rank('d')).toBeGreaterThan(model.rank('a'));
    model.update([...model.nodes, newNode('basic', 'z', 0, 0)]);
    expect(model.rank('z')).toBeGreaterThan(model.rank('d'));
    expect(model.rank('nope')).toBe(-1);
  });

  it('measures the bounds of the flow, or none when it is empty', () => {
    expect(new BoardModel().bounds()).toBeNull();
    const bounds = fresh(flow()).bounds()!;
    expect(bounds.minX).toBeLessThan(0);
    expect(bounds.maxX).toBeGreaterThan(1000);
    expect(bounds.maxY).toBeGreaterThan(400);
  });
});
