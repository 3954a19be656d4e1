import type { FlowChange, FlowNode } from '../../../core/flow';
import { NODE_WIDTH, nodeHeight } from '../board/geometry';

// The selection toolbar's align and distribute (issue 20 §2), as move lists the editor records
// as one change. Pure, on the nodes' boxes as the board draws them.

export type Alignment = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';
export type Direction = 'horizontal' | 'vertical';

const height = (node: FlowNode) => nodeHeight(node.next.length);

function moves(
  nodes: readonly FlowNode[],
  place: (node: FlowNode) => { x: number; y: number },
): FlowChange[] {
  const changes: FlowChange[] = [];
  for (const node of nodes) {
    const { x, y } = place(node);
    const rx = Math.round(x);
    const ry = Math.round(y);
    if (rx !== node.x || ry !== node.y) changes.push({ type: 'move', id: node.id, x: rx, y: ry });
  }
  return changes;
}

/** Lines the nodes' edges (or middles) up with the outermost one's. */
export function alignNodes(nodes: readonly FlowNode[], alignment: Alignment): FlowChange[] {
  if (nodes.length < 2) return [];
  const left = Math.min(...nodes.map((n) => n.x));
  const right = Math.max(...nodes.map((n) => n.x + NODE_WIDTH));
  const top = Math.min(...nodes.map((n) => n.y));
  const bottom = Math.max(...nodes.map((n) => n.y + height(n)));
  return moves(nodes, (n) => {
    switch (alignment) {
      case 'left':
        return { x: left, y: n.y };
      case 'center':
        return { x: (left + right) / 2 - NODE_WIDTH / 2, y: n.y };
      case 'right':
        return { x: right - NODE_WIDTH, y: n.y };
      case 'top':
        return { x: n.x, y: top };
      case 'middle':
        return { x: n.x, y: (top + bottom) / 2 - height(n) / 2 };
      case 'bottom':
        return { x: n.x, y: bottom - height(n) };
    }
  });
}

/**
 * Spreads the nodes so the gaps between them are equal, the first and last staying where they
 * are (needs three or more).
 */
export function distributeNodes(nodes: readonly FlowNode[], direction: Direction): FlowChange[] {
  if (nodes.length < 3) return [];
  const horizontal = direction === 'horizontal';
  const size = (n: FlowNode) => (horizontal ? NODE_WIDTH : height(n));
  const start = (n: FlowNode) => (horizontal ? n.x : n.y);
  const sorted = [...nodes].sort((a, b) => start(a) - start(b));
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const total = sorted.reduce((sum, n) => sum + size(n), 0);
  const gap = (start(last) + size(last) - start(first) - total) / (sorted.length - 1);
  const at = new Map<string, number>();
  let cursor = start(first);
  for (const node of sorted) {
    at.set(node.id, cursor);
    cursor += size(node) + gap;
  }
  return moves(nodes, (n) => (horizontal ? { x: at.get(n.id)!, y: n.y } : { x: n.x, y: at.get(n.id)! }));
}
