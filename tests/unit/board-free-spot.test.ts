import { describe, expect, it } from 'vitest';
import { newNode, type FlowNode } from '../../src/core/flow';
import { BoardModel } from '../../src/features/flow/board/board-model';
import { SpatialGrid } from '../../src/features/flow/board/spatial-grid';
import { newNodeName, newNodeSpot } from '../../src/features/flow/store/selection';
import { nodeBox } from '../../src/features/flow/board/geometry';

// Where a new node goes and what it is called, answered from the board's spatial index instead of
// a pass over every node: the answers must be the same as the plain scan's.

const box = (minX: number, minY: number, maxX: number, maxY: number) => ({ minX, minY, maxX, maxY });

/** A dense block of nodes, 30 × 30, spaced closer than a free cell. */
function block(): FlowNode[] {
  const nodes: FlowNode[] = [];
  for (let row = 0; row < 30; row++) {
    for (let col = 0; col < 30; col++) nodes.push(newNode('basic', `n${row}-${col}`, col * 250, row * 140));
  }
  return nodes;
}

describe('SpatialGrid.any', () => {
  it('says whether a box touches the area, through cells, huge boxes and wide areas', () => {
    const grid = new SpatialGrid<string>(100, 16);
    expect(grid.any(box(0, 0, 10, 10))).toBe(false);
    grid.set('a', box(10, 10, 20, 20));
    expect(grid.any(box(15, 15, 30, 30))).toBe(true);
    expect(grid.any(box(21, 21, 99, 99))).toBe(false); // same cell, box not touched
    expect(grid.any(box(-1e6, -1e6, 1e6, 1e6))).toBe(true); // wider than the grid holds: a scan
    grid.set('huge', box(1000, 1000, 9000, 9000));
    expect(grid.any(box(5000, 5000, 5001, 5001))).toBe(true);
    grid.delete('huge');
    expect(grid.any(box(5000, 5000, 5001, 5001))).toBe(false);
  });
});

describe('newNodeSpot with the board index', () => {
  it('finds the same spot as the scan, inside, beside and far from a dense block', () => {
    const nodes = block();
    const model = new BoardModel();
    model.update(nodes);
    const basic = newNode('basic', 'new', 0, 0);
    for (const at of [
      { x: 3600, y: 2000 },
      { x: 10, y: 10 },
      { x: 7400, y: 4100 },
      { x: -5000, y: 300 },
    ]) {
      const indexed = newNodeSpot(basic, nodes, at, (area) => model.anyNodeIn(area));
      expect(indexed).toEqual(newNodeSpot(basic, nodes, at));
      expect(model.anyNodeIn(nodeBox({ ...basic, ...indexed }))).toBe(false);
    }
  });
});

describe('newNodeName', () => {
  it('skips only the names the label really takes', () => {
    const nodes = [
      newNode('basic', 'a', 0, 0, 'Basic 1'),
      newNode('basic', 'b', 0, 0, 'Basic 2x'),
      newNode('basic', 'c', 0, 0, 'My Basic 2'),
      newNode('basic', 'd', 0, 0, 'Basic 3'),
    ];
    expect(newNodeName('Basic', nodes)).toBe('Basic 2');
    expect(newNodeName('Basic', [...nodes, newNode('basic', 'e', 0, 0, 'Basic 2')])).toBe('Basic 4');
  });
});
