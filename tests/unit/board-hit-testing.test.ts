import { describe, expect, it } from 'vitest';
import { applyChanges, newNode } from '../../src/core/flow';
import { BoardModel } from '../../src/features/flow/board/board-model';
import {
  curvePoint,
  HEADER_HEIGHT,
  inputPoint,
  NODE_WIDTH,
  nodeHeight,
  outputPoint,
} from '../../src/features/flow/board/geometry';
import { hitTest, nodePartAt, SLOT_HIT_PIXELS } from '../../src/features/flow/board/hit-testing';

const api = newNode('api', 'api', 100, 100, 'Call');
const basic = newNode('basic', 'basic', 600, 100, 'Reply');

function board() {
  const model = new BoardModel();
  model.update(applyChanges([api, basic], [{ type: 'link', from: 'api', slot: 0, to: 'basic' }]));
  return model;
}

describe('geometry of a node', () => {
  it('grows one row per output', () => {
    expect(nodeHeight(2) - nodeHeight(1)).toBeGreaterThan(0);
    expect(nodeHeight(0)).toBe(nodeHeight(1));
  });

  it('puts the input on the left of the header and the outputs down the right edge', () => {
    expect(inputPoint(api)).toEqual({ x: 100, y: 100 + HEADER_HEIGHT / 2 });
    const [first, second] = [outputPoint(api, 0), outputPoint(api, 1)];
    expect(first.x).toBe(100 + NODE_WIDTH);
    expect(second.x).toBe(first.x);
    expect(second.y).toBeGreaterThan(first.y);
    expect(second.y).toBeLessThan(100 + nodeHeight(2));
  });
});

describe('nodePartAt', () => {
  it('finds each output slot by its index and slot id', () => {
    expect(nodePartAt(api, outputPoint(api, 0), 1)).toEqual({ kind: 'output', index: 0, slotId: 0 });
    const failure = outputPoint(api, 1);
    expect(nodePartAt(api, { x: failure.x + 4, y: failure.y - 4 }, 1)).toEqual({
      kind: 'output',
      index: 1,
      slotId: 1,
    });
  });

  it('finds the input slot, even just outside the body', () => {
    const input = inputPoint(api);
    expect(nodePartAt(api, { x: input.x - 6, y: input.y }, 1)).toEqual({ kind: 'input' });
  });

  it('answers body inside the node and nothing outside it', () => {
    expect(nodePartAt(api, { x: 200, y: 110 }, 1)).toEqual({ kind: 'body' });
    expect(nodePartAt(api, { x: 200, y: 100 + nodeHeight(2) + 5 }, 1)).toBeNull();
    expect(nodePartAt(api, { x: 50, y: 110 }, 1)).toBeNull();
  });

  it('widens the slot target in world units as the board zooms out', () => {
    const slot = outputPoint(api, 0);
    const off = { x: slot.x + SLOT_HIT_PIXELS * 2, y: slot.y };
    expect(nodePartAt(api, off, 1)).toBeNull();
    expect(nodePartAt(api, off, 0.3)).toEqual({ kind: 'output', index: 0, slotId: 0 });
  });
});

describe('hitTest', () => {
  it('answers the node part under the point', () => {
    expect(hitTest(board(), { x: 650, y: 120 }, 1)).toEqual({
      kind: 'node',
      nodeId: 'basic',
      part: { kind: 'body' },
    });
  });

  it('answers a link near its curve, and empty away from everything', () => {
    const model = board();
    const link = model.links.get('api:0')!;
    const middle = curvePoint(link.curve, 0.5);
    const hit = hitTest(model, { x: middle.x, y: middle.y + 3 }, 1);
    expect(hit.kind === 'link' && hit.link.id).toBe('api:0');
    expect(hitTest(model, { x: middle.x, y: middle.y + 60 }, 1)).toEqual({ kind: 'empty' });
  });

  it('prefers the node drawn on top where two overlap', () => {
    const model = new BoardModel();
    model.update([newNode('basic', 'under', 0, 0), newNode('basic', 'over', 20, 20)]);
    const point = { x: 100, y: 40 };
    expect(hitTest(model, point, 1)).toMatchObject({ nodeId: 'over' });
    const underOnTop = (id: string) => (id === 'under' ? 10 : 0);
    expect(hitTest(model, point, 1, underOnTop)).toMatchObject({ nodeId: 'under' });
  });

  it('prefers a node over a link passing beneath it', () => {
    const model = board();
    expect(hitTest(model, inputPoint(basic), 1)).toMatchObject({
      kind: 'node',
      nodeId: 'basic',
      part: { kind: 'input' },
    });
  });
});
