import { z } from 'zod';
import { flowNodeSchema, type FlowNode } from './nodes';
import { nodeTargets } from '../targets';

/** A problem of the graph as a whole, named by the node it was found on. */
export interface GraphProblem {
  nodeId: string;
  message: string;
}

/**
 * Cross-node checks a single node's schema cannot make (used by the server on publish): every id
 * unique, every slot id unique within its node, and every link — slot target (the failure slot
 * among them), api success/failure target — pointing at a node of the same flow.
 */
export function checkFlowGraph(nodes: readonly FlowNode[]): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const ids = new Set<string>();
  for (const node of nodes) {
    if (ids.has(node.id)) problems.push({ nodeId: node.id, message: `Duplicate node id "${node.id}"` });
    ids.add(node.id);
  }
  for (const node of nodes) {
    const slotIds = new Set<number>();
    for (const slot of node.next) {
      if (slotIds.has(slot.id)) {
        problems.push({ nodeId: node.id, message: `Node "${node.name}" has two outputs with id ${slot.id}` });
      }
      slotIds.add(slot.id);
    }
    for (const target of nodeTargets(node)) {
      if (!ids.has(target)) {
        problems.push({ nodeId: node.id, message: `Node "${node.name}" links to missing node "${target}"` });
      }
    }
  }
  return problems;
}

/** A node list with the graph checks applied (a flow's or a flow template's nodes). */
export const flowNodesSchema = z.array(flowNodeSchema).superRefine((nodes, ctx) => {
  for (const problem of checkFlowGraph(nodes)) ctx.addIssue({ code: 'custom', message: problem.message });
});

/** A whole flow as it is published: its name (main by default) and its nodes. */
export const flowSchema = z.looseObject({ name: z.string().min(1), nodes: flowNodesSchema });
export type Flow = z.infer<typeof flowSchema>;
