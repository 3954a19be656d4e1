import type { FlowNode, NodeId } from '../../../core/flow';
import type { BoardLink, BoardModel } from './board-model';
import { distanceToCurve, inputPoint, NODE_WIDTH, nodeHeight, outputPoint, type Point } from './geometry';

// One stage-level handler answers "what is under the pointer" with these functions: the spatial
// index narrows the candidates, then plain geometry decides. No Konva hit canvas is ever drawn.

/** Slots are small: they answer within this many screen pixels of their centre. */
export const SLOT_HIT_PIXELS = 10;
/** Links answer within this many screen pixels of their curve. */
export const LINK_HIT_PIXELS = 6;

export type NodePart =
  { kind: 'input' } | { kind: 'output'; index: number; slotId: number } | { kind: 'body' };

export type BoardHit =
  { kind: 'node'; nodeId: NodeId; part: NodePart } | { kind: 'link'; link: BoardLink } | { kind: 'empty' };

/** A tolerance in world units for `pixels` on screen: targets keep their on-screen size at every zoom. */
function worldTolerance(pixels: number, scale: number): number {
  return pixels / scale;
}

/** Which part of `node` is at `point`: a slot first (they overhang the body), then the body. */
export function nodePartAt(node: FlowNode, point: Point, scale: number): NodePart | null {
  const reach = worldTolerance(SLOT_HIT_PIXELS, scale);
  const near = (p: Point) => Math.hypot(p.x - point.x, p.y - point.y) <= reach;
  for (let i = 0; i < node.next.length; i++) {
    if (near(outputPoint(node, i))) return { kind: 'output', index: i, slotId: node.next[i].id };
  }
  if (near(inputPoint(node))) return { kind: 'input' };
  const inside =
    point.x >= node.x &&
    point.x <= node.x + NODE_WIDTH &&
    point.y >= node.y &&
    point.y <= node.y + nodeHeight(node.next.length);
  if (inside) return { kind: 'body' };
  return null;
}

/**
 * What lies at `point` (world units): the top-most node part, else the nearest link, else empty.
 * `rank` orders overlapping nodes as drawn (higher is on top); it defaults to the model's order.
 */
export function hitTest(
  model: BoardModel,
  point: Point,
  scale: number,
  rank: (id: NodeId) => number = (id) => model.rank(id),
): BoardHit {
  const reach = worldTolerance(SLOT_HIT_PIXELS, scale);
  const candidates = model.nodesIn({
    minX: point.x - reach,
    minY: point.y - reach,
    maxX: point.x + reach,
    maxY: point.y + reach,
  });
  let best: { nodeId: NodeId; part: NodePart; rank: number } | null = null;
  for (const node of candidates) {
    const part = nodePartAt(node, point, scale);
    if (!part) continue;
    const r = rank(node.id);
    if (!best || r > best.rank) best = { nodeId: node.id, part, rank: r };
  }
  if (best) return { kind: 'node', nodeId: best.nodeId, part: best.part };
  const link = linkAt(model, point, scale);
  return link ? { kind: 'link', link } : { kind: 'empty' };
}

/** The link whose curve passes closest to `point`, within the link tolerance. */
export function linkAt(model: BoardModel, point: Point, scale: number): BoardLink | null {
  const reach = worldTolerance(LINK_HIT_PIXELS, scale);
  let best: BoardLink | null = null;
  let bestDistance = reach;
  const near = { minX: point.x - reach, minY: point.y - reach, maxX: point.x + reach, maxY: point.y + reach };
  for (const link of model.linksIn(near)) {
    const distance = distanceToCurve(link.curve, point);
    if (distance <= bestDistance) {
      best = link;
      bestDistance = distance;
    }
  }
  return best;
}
