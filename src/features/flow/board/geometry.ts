import type { FlowNode } from '../../../core/flow';

// Where things sit on a node, in world units (the board's coordinates before pan and zoom). Pure so
// that drawing, hit-testing, the spatial index and the unit tests all agree on one layout.

export const NODE_WIDTH = 220;
/** The band holding the name and the type label; the input slot sits on its left edge. */
export const HEADER_HEIGHT = 50;
/** One row per output slot, its label right-aligned beside the slot. */
export const ROW_HEIGHT = 24;
export const FOOTER_HEIGHT = 8;
export const SLOT_RADIUS = 6;

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** A node of a given number of outputs is this tall (a node always shows at least one row). */
export function nodeHeight(slotCount: number): number {
  return HEADER_HEIGHT + Math.max(1, slotCount) * ROW_HEIGHT + FOOTER_HEIGHT;
}

/** The node's rectangle, slots included (they stick out by their radius on both sides). */
export function nodeBox(node: Pick<FlowNode, 'x' | 'y' | 'next'>): Box {
  return {
    minX: node.x - SLOT_RADIUS,
    minY: node.y,
    maxX: node.x + NODE_WIDTH + SLOT_RADIUS,
    maxY: node.y + nodeHeight(node.next.length),
  };
}

export function inputPoint(node: Pick<FlowNode, 'x' | 'y'>): Point {
  return { x: node.x, y: node.y + HEADER_HEIGHT / 2 };
}

/** The centre of the output slot at `index` (slot order, not slot id). */
export function outputPoint(node: Pick<FlowNode, 'x' | 'y'>, index: number): Point {
  return { x: node.x + NODE_WIDTH, y: node.y + HEADER_HEIGHT + index * ROW_HEIGHT + ROW_HEIGHT / 2 };
}

/** A link's cubic curve: start, two control points, end (8 numbers, canvas bezierCurveTo order). */
export type Curve = [number, number, number, number, number, number, number, number];

/**
 * The curve from an output slot to an input slot. Control points leave the output to the right and
 * enter the input from the left, reaching further when the target sits behind the source so the
 * link loops around instead of cutting through both nodes.
 */
export function linkCurve(from: Point, to: Point): Curve {
  const reach = Math.max(60, Math.abs(to.x - from.x) / 2, from.x > to.x ? 120 : 0);
  return [from.x, from.y, from.x + reach, from.y, to.x - reach, to.y, to.x, to.y];
}

/**
 * A node's link to itself: a loop leaving the output slot to the right, arching over the node and
 * coming down into the input slot from the left, so it is seen (and can be picked) outside the
 * node instead of running under it. The lower the slot, the wider and higher the loop, which keeps
 * it clear of the node's right edge and top.
 */
export function selfLoopCurve(node: Pick<FlowNode, 'x' | 'y'>, slotIndex: number): Curve {
  const from = outputPoint(node, slotIndex);
  const to = inputPoint(node);
  const rise = from.y - node.y;
  const over = node.y - SELF_LOOP_HEIGHT - 0.3 * rise;
  return [
    from.x,
    from.y,
    from.x + SELF_LOOP_REACH + 0.8 * rise,
    over,
    to.x - SELF_LOOP_REACH,
    over,
    to.x,
    to.y,
  ];
}

/** How far a self-loop's control points sit beyond the node's sides and above its top. */
const SELF_LOOP_REACH = 80;
const SELF_LOOP_HEIGHT = 80;

/** The curve of the link from `from`'s output at `slotIndex` to `to` (a loop when they are one node). */
export function nodeLinkCurve(
  from: Pick<FlowNode, 'id' | 'x' | 'y'>,
  slotIndex: number,
  to: Pick<FlowNode, 'id' | 'x' | 'y'>,
): Curve {
  if (from.id === to.id) return selfLoopCurve(from, slotIndex);
  return linkCurve(outputPoint(from, slotIndex), inputPoint(to));
}

/** A box holding the whole curve (a cubic stays within the hull of its four points). */
export function curveBox(c: Curve): Box {
  return {
    minX: Math.min(c[0], c[2], c[4], c[6]),
    minY: Math.min(c[1], c[3], c[5], c[7]),
    maxX: Math.max(c[0], c[2], c[4], c[6]),
    maxY: Math.max(c[1], c[3], c[5], c[7]),
  };
}

/** The point of the curve at parameter t (0 start, 1 end). */
export function curvePoint(c: Curve, t: number): Point {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const d = 3 * u * t * t;
  const e = t * t * t;
  return { x: a * c[0] + b * c[2] + d * c[4] + e * c[6], y: a * c[1] + b * c[3] + d * c[5] + e * c[7] };
}

/** Distance from p to the curve, measured against a polyline of `steps` segments (exact enough to aim). */
export function distanceToCurve(c: Curve, p: Point, steps = 24): number {
  let best = Infinity;
  let prev = curvePoint(c, 0);
  for (let i = 1; i <= steps; i++) {
    const next = curvePoint(c, i / steps);
    best = Math.min(best, distanceToSegment(p, prev, next));
    prev = next;
  }
  return best;
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

export function boxesOverlap(a: Box, b: Box): boolean {
  return a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY;
}

export function containsBox(outer: Box, inner: Box): boolean {
  return (
    inner.minX >= outer.minX &&
    inner.maxX <= outer.maxX &&
    inner.minY >= outer.minY &&
    inner.maxY <= outer.maxY
  );
}
