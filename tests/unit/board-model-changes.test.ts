import { describe, expect, it } from 'vitest';
import { applyChanges, newNode, type FlowNode } from '../../src/core/flow';
import { BoardModel, type ModelChanges } from '../../src/features/flow/board/board-model';

// What the board model reports it touched (the renderer redraws only those), and that it finds
// the differences between two lists right however they were made (in place, appended, removed,
// reordered).

const everywhere = { minX: -1e6, minY: -1e6, maxX: 1e6, maxY: 1e6 };

/** a → b → c → d (slot 0 each), e alone. */
function flow(): FlowNode[] {
  const nodes = ['a', 'b', 'c', 'd', 'e'].map((id, i) => newNode('basic', id, i * 300, 0, id.toUpperCase()));
  for (let i = 0; i < 3; i++) nodes[i].next[0].node = nodes[i + 1].id;
  return nodes;
}

function facts(model: BoardModel) {
  return {
    nodes: model
      .nodesIn(everywhere)
      .map((n) => `${n.id}@${n.x},${n.y}`)
      .sort(),
    links: [...model.links.values()].map((l) => `${l.id}>${l.to}:${l.curve.join(',')}`).sort(),
  };
}

function fresh(nodes: readonly FlowNode[]): BoardModel {
  const model = new BoardModel();
  model.update(nodes);
  return model;
}

function updated(model: BoardModel, nodes: readonly FlowNode[]): ModelChanges {
  const touched: ModelChanges = { nodes: new Set(), links: new Set() };
  model.update(nodes, touched);
  return touched;
}

const sorted = (set: Set<string>) => [...set].sort();

describe('BoardModel changes', () => {
  it('reports a moved node and the links into and out of it', () => {
    const model = fresh(flow());
    const touched = updated(model, applyChanges(model.nodes, [{ type: 'move', id: 'b', x: 50, y: 500 }]));
    expect(sorted(touched.nodes)).toEqual(['b']);
    expect(sorted(touched.links)).toEqual(['a:0', 'b:0']);
  });

  it('reports a deleted node, its links and the node whose slot it cleared', () => {
    const model = fresh(flow());
    const touched = updated(model, applyChanges(model.nodes, [{ type: 'delete', id: 'c' }]));
    expect(sorted(touched.nodes)).toEqual(['b', 'c']);
    // a:0 is placed again because its target b changed (b's cleared slot).
    expect(sorted(touched.links)).toEqual(['a:0', 'b:0', 'c:0']);
    expect(model.links.has('a:0')).toBe(true);
    expect(model.links.has('b:0')).toBe(false);
    expect(model.links.has('c:0')).toBe(false);
  });

  it('reports an added node only, and nothing for an unchanged list', () => {
    const model = fresh(flow());
    const touched = updated(model, [...model.nodes, newNode('ai', 'z', 0, 900)]);
    expect(sorted(touched.nodes)).toEqual(['z']);
    expect(touched.links.size).toBe(0);
    const none = updated(model, [...model.nodes]);
    expect(none.nodes.size + none.links.size).toBe(0);
  });

  it('finds removals, additions and replacements made in one step', () => {
    const nodes = flow();
    const model = fresh(nodes);
    const moved = { ...nodes[3], x: 7, y: 7 };
    const next = [
      nodes[0],
      nodes[2],
      moved,
      newNode('call', 'k', 0, 300),
      nodes[4],
      newNode('ai', 'm', 9, 9),
    ];
    const touched = updated(model, next);
    expect(sorted(touched.nodes)).toEqual(['b', 'd', 'k', 'm']);
    expect(facts(model)).toEqual(facts(fresh(next)));
  });

  it('stays right when the list comes back in another order', () => {
    const nodes = flow();
    const model = fresh(nodes);
    const reordered = [nodes[3], nodes[0], { ...nodes[1], x: 1, y: 1 }, nodes[4], nodes[2]];
    const touched = updated(model, reordered);
    expect(sorted(touched.nodes)).toEqual(['b']);
    expect(facts(model)).toEqual(facts(fresh(reordered)));
    // And back again, with one node gone.
    const back = [nodes[0], nodes[1], nodes[2], nodes[4]];
    updated(model, back);
    expect(facts(model)).toEqual(facts(fresh(back)));
  });
});
