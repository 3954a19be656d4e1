import type { Box } from './geometry';

/**
 * A uniform grid of buckets answering "which boxes touch this area". Unlike a packed tree
 * (flatbush) it updates in place: moving one node of 10,000 touches a bucket or two instead of
 * rebuilding the whole index, which is what keeps an edit within a few milliseconds. Boxes that
 * would cover very many cells (a link across the whole flow) are kept in a short list that every
 * search scans.
 */
export class SpatialGrid<K> {
  // Buckets are small arrays (a few keys each): far lighter than a Set apiece when 10,000 nodes
  // and 12,000 links are indexed at once.
  private readonly cells = new Map<number, K[]>();
  private readonly boxes = new Map<K, Box>();
  private readonly oversize = new Set<K>();

  constructor(
    private readonly cellSize = 512,
    private readonly maxCells = 256,
  ) {}

  get size(): number {
    return this.boxes.size;
  }

  has(key: K): boolean {
    return this.boxes.has(key);
  }

  /** Adds the box under `key`, or moves it there when the key is already in the grid. */
  set(key: K, box: Box): void {
    const old = this.boxes.get(key);
    if (old) {
      if (old.minX === box.minX && old.minY === box.minY && old.maxX === box.maxX && old.maxY === box.maxY)
        return;
      this.delete(key);
    }
    this.boxes.set(key, box);
    const span = this.span(box);
    if ((span.x1 - span.x0 + 1) * (span.y1 - span.y0 + 1) > this.maxCells) {
      this.oversize.add(key);
      return;
    }
    for (let x = span.x0; x <= span.x1; x++) {
      for (let y = span.y0; y <= span.y1; y++) {
        const cell = cellKey(x, y);
        const bucket = this.cells.get(cell);
        if (bucket) bucket.push(key);
        else this.cells.set(cell, [key]);
      }
    }
  }

  delete(key: K): void {
    const box = this.boxes.get(key);
    if (!box) return;
    this.boxes.delete(key);
    if (this.oversize.delete(key)) return;
    const span = this.span(box);
    for (let x = span.x0; x <= span.x1; x++) {
      for (let y = span.y0; y <= span.y1; y++) {
        const cell = cellKey(x, y);
        const bucket = this.cells.get(cell);
        if (!bucket) continue;
        const at = bucket.indexOf(key);
        if (at < 0) continue;
        bucket[at] = bucket[bucket.length - 1];
        bucket.pop();
        if (bucket.length === 0) this.cells.delete(cell);
      }
    }
  }

  clear(): void {
    this.cells.clear();
    this.boxes.clear();
    this.oversize.clear();
  }

  /** Whether any box touches `area`: stops at the first, allocating nothing. */
  any(area: Box): boolean {
    const span = this.span(area);
    if ((span.x1 - span.x0 + 1) * (span.y1 - span.y0 + 1) > this.boxes.size) {
      for (const box of this.boxes.values()) if (overlaps(box, area)) return true;
      return false;
    }
    for (let x = span.x0; x <= span.x1; x++) {
      for (let y = span.y0; y <= span.y1; y++) {
        const bucket = this.cells.get(cellKey(x, y));
        if (bucket) for (const key of bucket) if (overlaps(this.boxes.get(key)!, area)) return true;
      }
    }
    for (const key of this.oversize) if (overlaps(this.boxes.get(key)!, area)) return true;
    return false;
  }

  /** Every key whose box touches `area` (each once, in no particular order). */
  search(area: Box): K[] {
    const found = new Set<K>();
    const span = this.span(area);
    const touches = (key: K) => {
      const box = this.boxes.get(key)!;
      return box.minX <= area.maxX && box.maxX >= area.minX && box.minY <= area.maxY && box.maxY >= area.minY;
    };
    // A huge area (zoomed far out over a sparse flow) is cheaper to answer by scanning the boxes.
    if ((span.x1 - span.x0 + 1) * (span.y1 - span.y0 + 1) > this.boxes.size) {
      for (const key of this.boxes.keys()) if (touches(key)) found.add(key);
      return [...found];
    }
    for (let x = span.x0; x <= span.x1; x++) {
      for (let y = span.y0; y <= span.y1; y++) {
        const bucket = this.cells.get(cellKey(x, y));
        if (bucket) for (const key of bucket) if (!found.has(key) && touches(key)) found.add(key);
      }
    }
    for (const key of this.oversize) if (touches(key)) found.add(key);
    return [...found];
  }

  private span(box: Box) {
    const size = this.cellSize;
    return {
      x0: cellIndex(box.minX / size),
      y0: cellIndex(box.minY / size),
      x1: cellIndex(box.maxX / size),
      y1: cellIndex(box.maxY / size),
    };
  }
}

function overlaps(box: Box, area: Box): boolean {
  return box.minX <= area.maxX && box.maxX >= area.minX && box.minY <= area.maxY && box.maxY >= area.minY;
}

/**
 * Cell coordinates are clamped to ±16384 so that a cell's key stays a small integer (V8 keeps
 * those unboxed). Boxes beyond that (8 million units out with 512-unit cells) share the edge cells,
 * which only costs speed: every search still checks the boxes themselves.
 */
const CELL_LIMIT = 16384;

function cellIndex(value: number): number {
  return Math.max(-CELL_LIMIT, Math.min(CELL_LIMIT - 1, Math.floor(value)));
}

function cellKey(x: number, y: number): number {
  return (x + CELL_LIMIT) * (2 * CELL_LIMIT) + (y + CELL_LIMIT);
}
