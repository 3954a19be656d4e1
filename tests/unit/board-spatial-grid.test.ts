import { describe, expect, it } from 'vitest';
import { SpatialGrid } from '../../src/features/flow/board/spatial-grid';

const box = (minX: number, minY: number, maxX: number, maxY: number) => ({ minX, minY, maxX, maxY });
const sorted = (keys: string[]) => [...keys].sort();

describe('SpatialGrid', () => {
  it('finds the boxes touching an area, each once, across cells', () => {
    const grid = new SpatialGrid<string>(100);
    grid.set('a', box(10, 10, 50, 50));
    grid.set('wide', box(-250, 20, 450, 60)); // spans seven cells
    grid.set('far', box(5000, 5000, 5100, 5100));
    expect(sorted(grid.search(box(0, 0, 60, 60)))).toEqual(['a', 'wide']);
    expect(grid.search(box(300, 0, 320, 100))).toEqual(['wide']);
    expect(grid.search(box(600, 600, 700, 700))).toEqual([]);
    expect(grid.search(box(5050, 5050, 5060, 5060))).toEqual(['far']);
  });

  it('checks the boxes themselves, not only the cells they share', () => {
    const grid = new SpatialGrid<string>(100);
    grid.set('a', box(10, 10, 20, 20));
    expect(grid.search(box(50, 50, 60, 60))).toEqual([]);
  });

  it('moves a box when it is set again, and forgets a deleted one', () => {
    const grid = new SpatialGrid<string>(100);
    grid.set('a', box(0, 0, 10, 10));
    grid.set('a', box(1000, 1000, 1010, 1010));
    expect(grid.search(box(0, 0, 20, 20))).toEqual([]);
    expect(grid.search(box(990, 990, 1020, 1020))).toEqual(['a']);
    grid.delete('a');
    expect(grid.size).toBe(0);
    expect(grid.search(box(-1e6, -1e6, 1e6, 1e6))).toEqual([]);
  });

  it('keeps huge boxes aside and still finds them', () => {
    const grid = new SpatialGrid<string>(10, 16);
    grid.set('huge', box(0, 0, 10_000, 10_000));
    grid.set('small', box(5, 5, 6, 6));
    expect(sorted(grid.search(box(0, 0, 8, 8)))).toEqual(['huge', 'small']);
    expect(grid.search(box(9000, 9000, 9001, 9001))).toEqual(['huge']);
    grid.delete('huge');
    expect(grid.search(box(9000, 9000, 9001, 9001))).toEqual([]);
  });

  it('answers an area larger than the grid by scanning, with the same result', () => {
    const grid = new SpatialGrid<string>(10);
    grid.set('a', box(0, 0, 5, 5));
    grid.set('b', box(100_000, 0, 100_005, 5));
    expect(sorted(grid.search(box(-1e7, -1e7, 1e7, 1e7)))).toEqual(['a', 'b']);
    expect(grid.search(box(-1e7, -1e7, 50, 1e7))).toEqual(['a']);
  });
});
