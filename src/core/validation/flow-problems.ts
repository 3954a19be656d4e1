// Issue 13 §3: what publishing tells the author. The server refuses a flow with problems (422)
// and the editor shows the same list before it ever asks, both from these functions, so the two
// never disagree on what is wrong or how it is said.
import { nodeTypeLabel } from '../flow/labels';
import type { FlowNode, NodeId } from '../flow/schema';
import type { ValidationContext } from './types';
import { validateNode } from './validate';

/** One thing wrong with one node, as the publish answer and the problems list name it. */
export interface FlowProblem {
  node_id: NodeId;
  /** The title the board draws on the node (its type's label when it has no name). */
  node_name: string;
  /** The field at fault, as a path such as `api.url` or `entries.2.content.title`. */
  field: string;
  message: string;
}

/** The title a node carries on the board, so the author finds the node the list names. */
export function nodeTitle(node: FlowNode): string {
  return node.name.trim() || nodeTypeLabel(node);
}

/** Every problem of every node, in flow order then field order; empty when the flow may be published. */
export function flowProblems(nodes: Iterable<FlowNode>, context: ValidationContext): FlowProblem[] {
  const found: FlowProblem[] = [];
  for (const node of nodes) {
    for (const { field, message } of validateNode(node, context)) {
      found.push({ node_id: node.id, node_name: nodeTitle(node), field, message });
    }
  }
  return found;
}

/** The problems of the nodes already checked (the editor's marks), in flow order. */
export function problemsOfChecked(
  nodes: Iterable<FlowNode>,
  checked: ReadonlyMap<NodeId, readonly { field: string; message: string }[]>,
): FlowProblem[] {
  const found: FlowProblem[] = [];
  for (const node of nodes) {
    for (const { field, message } of checked.get(node.id) ?? []) {
      found.push({ node_id: node.id, node_name: nodeTitle(node), field, message });
    }
  }
  return found;
}

/** "3 problems", "1 problem": the count as the top bar and the dialog say it. */
export function problemCount(count: number): string {
  return `${count} ${count === 1 ? 'problem' : 'problems'}`;
}

/** The publish refusal, worded for the author: how many, and the two ways forward. */
export function publishProblemsMessage(count: number): string {
  return `This flow has ${problemCount(count)}. Fix ${count === 1 ? 'it' : 'them'}, or publish anyway.`;
}
