import dagre from '@dagrejs/dagre';
import type { FlowChange } from '../changes';
import type { FlowNode, NodeId } from '../schema';
import { nodeTargets } from '../targets';
import { orderByBarycenter } from './order-by-barycenter';

// Issue 20 §6: auto-layout of a selection or of the whole flow, layered left to right (dagre).
// Runs in the engine worker; the answer is a list of moves, applied and recorded as one edit.

/**
 * Above this many nodes the layers are ranked by longest path: dagre's default (network simplex)
 * gives shorter links but took 18 s for a 1,000-node generated flow on the bench machine, longest
 * path under 2 s; small parts keep the tidier ranking. Large parts are also ordered within their
 * layers by order-by-barycenter.ts rather than dagre's order phase (over half of the layout's
 * time; same crossings and height on the bench flow).
 */
const NETWORK_SIMPLEX_LIMIT = 300;

/** The board's node size (features/flow/board/geometry.ts: 220 wide, 50 + 24 per output + 8). */
const NODE_WIDTH = 220;
const nodeHeight = (node: FlowNode) => 50 + Math.max(1, node.next.length) * 24 + 8;

export interface LayoutOptions {
  ranker?: 'network-simplex' | 'tight-tree' | 'longest-path';
  /** Space between layers (columns) and between nodes of a layer. */
  rankGap?: number;
  nodeGap?: number;
}

/**
 * Moves that lay out `ids` (every node when absent) left to right, following links among them.
 * The laid-out part keeps its top-left corner where it was, so a selection stays in its place
 * and the rest of the flow is not pushed around.
 */
export function autoLayout(
  nodes: readonly FlowNode[],
  ids?: readonly NodeId[],
  options: LayoutOptions = {},
): FlowChange[] {
  const picked = ids ? new Set(ids) : null;
  const part = picked ? nodes.filter((node) => picked.has(node.id)) : nodes;
  if (part.length < 2) return [];
  const inside = new Set(part.map((node) => node.id));
  const graph = new dagre.graphlib.Graph({ multigraph: false });
  graph.setGraph({
    rankdir: 'LR',
    ranksep: options.rankGap ?? 80,
    nodesep: options.nodeGap ?? 30,
    marginx: 0,
    marginy: 0,
    ranker: options.ranker ?? (part.length > NETWORK_SIMPLEX_LIMIT ? 'longest-path' : 'network-simplex'),
  });
  graph.setDefaultEdgeLabel(() => ({}));
  let minX = Infinity;
  let minY = Infinity;
  for (const node of part) {
    graph.setNode(node.id, { width: NODE_WIDTH, height: nodeHeight(node) });
    minX = Math.min(minX, node.x);
    minY = Math.min(minY, node.y);
  }
  for (const node of part) {
    for (const to of new Set(nodeTargets(node))) {
      // A self-loop gives dagre nothing to order by.
      if (to !== node.id && inside.has(to)) graph.setEdge(node.id, to);
    }
  }
  const large = part.length > NETWORK_SIMPLEX_LIMIT;
  dagre.layout(graph, large ? { customOrder: (g) => orderByBarycenter(g) } : {});
  let laidMinX = Infinity;
  let laidMinY = Infinity;
  for (const node of part) {
    const { x, y, width, height } = graph.node(node.id);
    laidMinX = Math.min(laidMinX, x - width / 2);
    laidMinY = Math.min(laidMinY, y - height / 2);
  }
  const changes: FlowChange[] = [];
  for (const node of part) {
    const { x, y, width, height } = graph.node(node.id);
    const nx = Math.round(x - width / 2 - laidMinX + minX);
    const ny = Math.round(y - height / 2 - laidMinY + minY);
    if (nx !== node.x || ny !== node.y) changes.push({ type: 'move', id: node.id, x: nx, y: ny });
  }
  return changes;
}
