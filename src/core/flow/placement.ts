// Where a new node goes on the board: in the free spot nearest to a wanted centre (the middle of
// the author's view), never on top of another node. Pure: the board answers "is anything here?"
// from its spatial index, the tests from a plain list of rectangles.

/** An axis-aligned rectangle in world units (the same shape as the board's Box). */
export interface Area {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface PlacementRequest {
  /** Where the new node's centre should be, as near as the free space allows. */
  centre: { x: number; y: number };
  /** The new node's size. */
  width: number;
  height: number;
  /** Clear space kept between the new node and every other (default 40). */
  gap?: number;
  /** Whether any existing node touches the area (edges touching count). */
  occupied(area: Area): boolean;
  /**
   * The bounds of every existing node, asked only when no cell near the centre is free: a spot
   * beside them is free for sure, so the answer is never on top of a node.
   */
  bounds?(): Area | null;
  /** How many rings of cells around the centre are searched before falling back (default 60). */
  rings?: number;
}

const DEFAULT_GAP = 40;
const DEFAULT_RINGS = 60;

/**
 * The top-left corner for a new node: the centre itself if free, else the nearest free cell of a
 * grid laid around it (a cell is the node's size plus the gap, so nodes added one after another
 * sit side by side in rows rather than in a pile). The grid is searched ring by ring outwards (a
 * ring: the cells a given number of steps away across or down), each ring nearest cell first by
 * distance in world units, ties going right, then down. The first ring holding a free cell gives
 * the answer: looking further for a cell a little nearer by distance would try thousands more
 * cells in the middle of a dense 10,000-node flow.
 */
export function placeNode(request: PlacementRequest): { x: number; y: number } {
  const gap = request.gap ?? DEFAULT_GAP;
  const stepX = request.width + gap;
  const stepY = request.height + gap;
  const origin = {
    x: Math.round(request.centre.x - request.width / 2),
    y: Math.round(request.centre.y - request.height / 2),
  };
  const free = (col: number, row: number) => {
    const x = origin.x + col * stepX;
    const y = origin.y + row * stepY;
    // The node plus half the gap on every side must touch nothing.
    return !request.occupied({
      minX: x - gap / 2,
      minY: y - gap / 2,
      maxX: x + request.width + gap / 2,
      maxY: y + request.height + gap / 2,
    });
  };

  const rings = request.rings ?? DEFAULT_RINGS;
  for (let ring = 0; ring <= rings; ring++) {
    for (const { col, row } of ringCells(ring, stepX, stepY)) {
      if (free(col, row)) return { x: origin.x + col * stepX, y: origin.y + row * stepY };
    }
  }
  return besideEverything(request, origin, gap);
}

/** Below everything, in the column nearest the centre: nothing can be there. */
function besideEverything(
  request: PlacementRequest,
  origin: { x: number; y: number },
  gap: number,
): { x: number; y: number } {
  const all = request.bounds?.();
  if (!all) return origin;
  return { x: origin.x, y: Math.ceil(all.maxY + gap) };
}

interface Cell {
  col: number;
  row: number;
  distance: number;
}

/** Among equal distances: the cell further right, then further down. */
function closer(a: Cell, b: Cell): boolean {
  return (
    a.distance < b.distance ||
    (a.distance === b.distance && (a.col > b.col || (a.col === b.col && a.row > b.row)))
  );
}

const ringCache = new Map<string, Cell[]>();

/** The cells of one square ring of the grid around the origin, nearest first. */
function ringCells(ring: number, stepX: number, stepY: number): Cell[] {
  const key = `${ring}:${stepX}:${stepY}`;
  const known = ringCache.get(key);
  if (known) return known;
  const cells: Cell[] = [];
  for (let row = -ring; row <= ring; row++) {
    for (let col = -ring; col <= ring; col++) {
      if (Math.max(Math.abs(row), Math.abs(col)) !== ring) continue;
      cells.push({ col, row, distance: Math.hypot(col * stepX, row * stepY) });
    }
  }
  cells.sort((a, b) => (closer(a, b) ? -1 : closer(b, a) ? 1 : 0));
  // Node sizes are few (a new node has one or two outputs): the cache stays small.
  if (ringCache.size < 512) ringCache.set(key, cells);
  return cells;
}

/** An `occupied` answer from a plain list of rectangles (a scan: for tests and small flows). */
export function overlapsAny(areas: readonly Area[]): (area: Area) => boolean {
  return (area) =>
    areas.some(
      (a) => a.minX <= area.maxX && a.maxX >= area.minX && a.minY <= area.maxY && a.maxY >= area.minY,
    );
}
