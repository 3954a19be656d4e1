import type { FlowNode, NodeId } from '../../../core/flow';
import { boxesOverlap, nodeBox, nodeHeight, NODE_WIDTH, type Box } from '../board/geometry';

// Small pure helpers the editor's actions share (ids, names, what a selection still points at).

export interface Selection {
  nodeId: NodeId | null;
  linkId: string | null;
}

export const NO_SELECTION: Selection = { nodeId: null, linkId: null };

/** Splits a link id (`{from}:{slotId}`, see board-model.ts) into its node and slot. */
export function parseLinkId(linkId: string): { from: NodeId; slotId: number } | null {
  const at = linkId.lastIndexOf(':');
  if (at <= 0) return null;
  const slotId = Number(linkId.slice(at + 1));
  return Number.isInteger(slotId) ? { from: linkId.slice(0, at), slotId } : null;
}

/** The selection with whatever no longer exists in `nodes` dropped. */
export function keptSelection(nodes: readonly FlowNode[], selection: Selection): Selection {
  if (!selection.nodeId && !selection.linkId) return selection;
  const nodeId = selection.nodeId && nodes.some((n) => n.id === selection.nodeId) ? selection.nodeId : null;
  let linkId = selection.linkId;
  if (linkId) {
    const link = parseLinkId(linkId);
    const from = link && nodes.find((n) => n.id === link.from);
    const slot = from && from.next.find((s) => s.id === link.slotId);
    if (!slot || slot.node === null || !nodes.some((n) => n.id === slot.node)) linkId = null;
  }
  return nodeId === selection.nodeId && linkId === selection.linkId ? selection : { nodeId, linkId };
}

let counter = 0;

/** A node id no other node of this editor has (time, a counter and randomness). */
export function newNodeId(): string {
  counter = (counter + 1) % 1679616;
  const random = Math.floor(Math.random() * 1679616).toString(36);
  return `n${Date.now().toString(36)}${counter.toString(36)}${random}`;
}

/** "Basic 1", "Basic 2", … : the first free name for a new node of the type labelled `label`. */
export function newNodeName(label: string, nodes: readonly FlowNode[]): string {
  // Only names starting with the label can collide: no set of every name in the flow.
  const prefix = `${label} `;
  const taken = new Set<string>();
  for (const node of nodes) if (node.name.startsWith(prefix)) taken.add(node.name);
  for (let n = 1; ; n++) {
    const name = `${label} ${n}`;
    if (!taken.has(name)) return name;
  }
}

/** Space kept between a new node and its neighbours. */
const GAP = 40;

/**
 * Where a new node goes: at `at` if nothing is there, else the nearest free cell of a grid around
 * it (ring by ring), so nodes added one after another sit side by side rather than in a pile.
 * `occupied` says whether any node touches an area; the board answers from its spatial index,
 * since in the middle of a 10,000-node flow a thousand cells may be tried before a free one.
 */
export function freeSpot(
  nodes: readonly FlowNode[],
  at: { x: number; y: number },
  occupied: (area: Box) => boolean = (area) => nodes.some((node) => boxesOverlap(area, nodeBox(node))),
): { x: number; y: number } {
  const width = NODE_WIDTH + GAP;
  const height = nodeHeight(2) + GAP;
  const taken = (x: number, y: number) => {
    const box = {
      minX: x - GAP / 2,
      minY: y - GAP / 2,
      maxX: x + width - GAP / 2,
      maxY: y + height - GAP / 2,
    };
    return occupied(box);
  };
  const origin = { x: Math.round(at.x), y: Math.round(at.y) };
  for (let ring = 0; ring < RINGS; ring++) {
    for (const { col, row } of ringCells(ring)) {
      const x = origin.x + col * width;
      const y = origin.y + row * height;
      if (!taken(x, y)) return { x, y };
    }
  }
  return origin;
}

/** How far (in cells) a new node's spot is looked for. */
const RINGS = 50;
const rings: { col: number; row: number }[][] = [];

/** The cells of one square ring around the origin, nearest first; among equals, right, then below. */
function ringCells(ring: number): { col: number; row: number }[] {
  const known = rings[ring];
  if (known) return known;
  const cells: { col: number; row: number; distance: number }[] = [];
  for (let row = -ring; row <= ring; row++) {
    for (let col = -ring; col <= ring; col++) {
      if (Math.max(Math.abs(row), Math.abs(col)) === ring)
        cells.push({ col, row, distance: col * col + row * row });
    }
  }
  cells.sort((a, b) => a.distance - b.distance || b.col - a.col || b.row - a.row);
  return (rings[ring] = cells.map(({ col, row }) => ({ col, row })));
}
