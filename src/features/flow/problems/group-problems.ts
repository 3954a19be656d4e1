import type { NodeId } from '../../../core/flow';
import type { FlowProblem } from '../../../core/validation';

/** One node's entry in the problems list: its title and everything wrong with it. */
export interface NodeProblemsEntry {
  nodeId: NodeId;
  title: string;
  messages: string[];
}

/** The problems by node, in the order the list gave them (flow order), one entry per node. */
export function groupByNode(problems: readonly FlowProblem[]): NodeProblemsEntry[] {
  const entries = new Map<NodeId, NodeProblemsEntry>();
  for (const { node_id, node_name, message } of problems) {
    let entry = entries.get(node_id);
    if (!entry) entries.set(node_id, (entry = { nodeId: node_id, title: node_name, messages: [] }));
    if (!entry.messages.includes(message)) entry.messages.push(message);
  }
  return [...entries.values()];
}
