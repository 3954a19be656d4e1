import { describe, expect, it } from 'vitest';
import { overlapsAny, placeNode, type Area } from '../../src/core/flow/placement';

// Where a new node goes: the nearest free spot to the centre of the view, never on another node.

const W = 220;
const H = 106;
const rect = (x: number, y: number, width = W, height = H): Area => ({
  minX: x,
  minY: y,
  maxX: x + width,
  maxY: y + height,
});
const overlap = (a: Area, b: Area) =>
  a.minX < b.maxX && a.maxX > b.minX && a.minY < b.maxY && a.maxY > b.minY;

/** Places `count` nodes one after another at the same centre, as the Add-node menu does. */
function addMany(count: number, centre = { x: 0, y: 0 }, existing: Area[] = [], height = H): Area[] {
  const placed = [...existing];
  for (let i = 0; i < count; i++) {
    const at = placeNode({ centre, width: W, height, occupied: overlapsAny(placed) });
    placed.push(rect(at.x, at.y, W, height));
  }
  return placed;
}

describe('placeNode', () => {
  it('centres the node on the wanted point when it is free', () => {
    expect(placeNode({ centre: { x: 500, y: 300 }, width: W, height: H, occupied: () => false })).toEqual({
      x: 390,
      y: 247,
    });
  });

  it('never puts two of twenty nodes added at one centre on top of each other', () => {
    const placed = addMany(20);
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) expect(overlap(placed[i], placed[j])).toBe(false);
    }
  });

  it('keeps the gap between neighbours', () => {
    const placed = addMany(9);
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) {
        const a = placed[i];
        const b = placed[j];
        const dx = Math.max(b.minX - a.maxX, a.minX - b.maxX);
        const dy = Math.max(b.minY - a.maxY, a.minY - b.maxY);
        expect(Math.max(dx, dy)).toBeGreaterThanOrEqual(40);
      }
    }
  });

  it('fills the nearest cells first, by distance from the centre', () => {
    const placed = addMany(5);
    const corners = placed.map((a) => [a.minX, a.minY]);
    expect(corners).toEqual([
      [-110, -53],
      [-110, 93], // below: a row (node height plus gap) is nearer than a column
      [-110, -199], // above, as near as below (ties go right, then down)
      [150, -53], // right: nearer than two rows down
      [-370, -53], // left
    ]);
  });

  it('steps around nodes that are not on its grid and taller than itself', () => {
    // A tall choice node straddling the centre and a wide group of nodes right of it.
    const existing = [rect(-150, -200, W, 400), rect(100, -60), rect(100, 80)];
    const placed = addMany(6, { x: 0, y: 0 }, existing);
    for (const added of placed.slice(existing.length)) {
      for (const other of placed) if (other !== added) expect(overlap(added, other)).toBe(false);
    }
  });

  it('finds the nearest free spot beside a dense block, not somewhere far', () => {
    const existing: Area[] = [];
    for (let row = 0; row < 10; row++)
      for (let col = 0; col < 10; col++) existing.push(rect(col * 250, row * 140));
    // The view is centred on the block's right edge: the spot is just right of the block.
    const at = placeNode({
      centre: { x: 2480, y: 700 },
      width: W,
      height: H,
      occupied: overlapsAny(existing),
    });
    expect(overlapsAny(existing)(rect(at.x - 20, at.y - 20, W + 40, H + 40))).toBe(false);
    expect(at.x).toBeGreaterThanOrEqual(2470);
    expect(at.x).toBeLessThan(2700);
  });

  it('places a node whose size differs from the others without overlapping them', () => {
    const placed = addMany(12, { x: 0, y: 0 }, [], H);
    const taller = addMany(8, { x: 0, y: 0 }, placed, 154);
    for (let i = 0; i < taller.length; i++) {
      for (let j = i + 1; j < taller.length; j++) expect(overlap(taller[i], taller[j])).toBe(false);
    }
  });

  it('falls back below everything when no cell of the searched rings is free', () => {
    const everything = { minX: -1e5, minY: -1e5, maxX: 1e5, maxY: 1e5 };
    const at = placeNode({
      centre: { x: 0, y: 0 },
      width: W,
      height: H,
      rings: 3,
      occupied: (area) => overlap(area, everything),
      bounds: () => everything,
    });
    expect(at).toEqual({ x: -110, y: 100040 });
  });
});
