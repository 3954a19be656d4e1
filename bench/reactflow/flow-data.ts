import { Position, type Edge, type Node, type NodeHandle } from '@xyflow/react';
import { nodeTypeLabel, outputLabels, type FlowNode } from '../../src/core/flow';
import { HEADER_HEIGHT, NODE_WIDTH, nodeHeight, ROW_HEIGHT } from '../../src/features/flow/board/geometry';

// BotFlow nodes as React Flow nodes and edges, laid out with the board's own geometry so both
// renderers show the same shapes at the same places. Handles are given up front (React Flow's
// way for large flows): edges can be drawn without measuring every node in the DOM first.

export interface BenchNodeData extends Record<string, unknown> {
  name: string;
  typeLabel: string;
  outputs: { id: number; label: string }[];
}

export type BenchNode = Node<BenchNodeData, 'bench'>;

const HANDLE = 6;

function handlesOf(slotIds: number[]): NodeHandle[] {
  const box = (y: number) => ({ y: y - HANDLE / 2, width: HANDLE, height: HANDLE });
  return [
    { type: 'target', position: Position.Left, x: -HANDLE / 2, ...box(HEADER_HEIGHT / 2) },
    ...slotIds.map((id, i) => ({
      id: String(id),
      type: 'source' as const,
      position: Position.Right,
      x: NODE_WIDTH - HANDLE / 2,
      ...box(slotTop(i)),
    })),
  ];
}

/** The centre of output row `index`, from the node's top (as on the board). */
export function slotTop(index: number): number {
  return HEADER_HEIGHT + index * ROW_HEIGHT + ROW_HEIGHT / 2;
}

export function toReactFlowNode(node: FlowNode): BenchNode {
  const labels = outputLabels(node);
  const outputs = node.next.map((slot, i) => ({ id: slot.id, label: labels[i] ?? '' }));
  return {
    id: node.id,
    type: 'bench',
    position: { x: node.x, y: node.y },
    width: NODE_WIDTH,
    height: nodeHeight(node.next.length),
    handles: handlesOf(outputs.map((o) => o.id)),
    data: { name: node.name, typeLabel: nodeTypeLabel(node), outputs },
  };
}

export function toReactFlow(nodes: FlowNode[]): { nodes: BenchNode[]; edges: Edge[] } {
  const edges: Edge[] = [];
  for (const node of nodes) {
    for (const slot of node.next) {
      if (slot.node === null) continue;
      edges.push({
        id: `${node.id}:${slot.id}`,
        source: node.id,
        sourceHandle: String(slot.id),
        target: slot.node,
      });
    }
  }
  return { nodes: nodes.map(toReactFlowNode), edges };
}
