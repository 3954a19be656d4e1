import { describe, expect, it } from 'vitest';
import { applyChanges, newNode, type FlowNode } from '../../src/core/flow';
import { BoardModel } from '../../src/features/flow/board/board-model';
import {
  curvePoint,
  inputPoint,
  NODE_WIDTH,
  nodeHeight,
  outputPoint,
  selfLoopCurve,
} from '../../src/features/flow/board/geometry';
import { hitTest } from '../../src/features/flow/board/hit-testing';

// A node linked to itself: the loop is drawn outside the node, so it can be seen, hovered and
// picked on its own (a click on it selects the link, not the node).

/** A choice node with `slots` outputs at (100, 100), its slot `slotIndex` linked back to itself. */
function looped(slots: number, slotIndex: number): FlowNode {
  const node = newNode('choice', 'c', 100, 100, 'Ask');
  const next = Array.from({ length: slots }, (_, id) => ({ id, node: id === slotIndex ? 'c' : null }));
  return { ...node, next } as FlowNode;
}

/** How far `p` is outside the node's body (negative: inside). */
function clearance(node: FlowNode, p: { x: number; y: number }): number {
  const dx = Math.max(node.x - p.x, p.x - (node.x + NODE_WIDTH));
  const dy = Math.max(node.y - p.y, p.y - (node.y + nodeHeight(node.next.length)));
  return Math.max(dx, dy);
}

describe('selfLoopCurve', () => {
  it('starts at the output slot and ends at the input slot', () => {
    const node = looped(3, 1);
    const c = selfLoopCurve(node, 1);
    expect({ x: c[0], y: c[1] }).toEqual(outputPoint(node, 1));
    expect({ x: c[6], y: c[7] }).toEqual(inputPoint(node));
  });

  it('runs outside the node, over its top, for the first slot and for a low one', () => {
    for (const [slots, slotIndex] of [
      [1, 0],
      [3, 2],
      [8, 7],
    ]) {
      const node = looped(slots, slotIndex);
      const c = selfLoopCurve(node, slotIndex);
      // Away from its two ends (which touch the slots), the loop keeps clear of the body.
      for (let t = 0.08; t <= 0.92; t += 0.01) expect(clearance(node, curvePoint(c, t))).toBeGreaterThan(4);
      // Its middle is well above the node, where a click reaches it.
      expect(curvePoint(c, 0.5).y).toBeLessThan(node.y - 30);
    }
  });
});

describe('a self-loop on the board', () => {
  const node = looped(2, 0);
  const model = new BoardModel();
  model.update([node]);
  const [link] = model.links.values();

  it('is a link of the model, drawn as the loop', () => {
    expect(link).toMatchObject({ id: 'c:0', from: 'c', to: 'c', slotIndex: 0 });
    expect(link.curve).toEqual(selfLoopCurve(node, 0));
  });

  it('is what a click on its top hits, and a click on the node still hits the node', () => {
    expect(hitTest(model, curvePoint(link.curve, 0.5), 1)).toEqual({ kind: 'link', link });
    expect(hitTest(model, curvePoint(link.curve, 0.3), 1)).toEqual({ kind: 'link', link });
    expect(hitTest(model, { x: node.x + 60, y: node.y + 20 }, 1)).toMatchObject({
      kind: 'node',
      nodeId: 'c',
    });
  });

  it('follows its node when it moves, and goes when unlinked', () => {
    const moved = applyChanges([node], [{ type: 'move', id: 'c', x: 400, y: 250 }]);
    model.update(moved);
    expect(model.links.get('c:0')!.curve).toEqual(selfLoopCurve(moved[0], 0));
    model.update(applyChanges(moved, [{ type: 'unlink', from: 'c', slot: 0 }]));
    expect(model.links.size).toBe(0);
    expect(model.node('c')).toBeDefined();
  });
});
