import type { FlowChange } from '../flow/changes';
import type { NodeId } from '../flow/schema';

// Issue 20 §5: the lint panel's problems, beyond spec 2 §5's per-node validation. Each names the
// node to go to; where a fix cannot lose anything the author made, it carries that fix as a change
// list (applied as one undoable edit).

export type LintRuleId =
  | 'invalid-node'
  | 'unreachable'
  | 'dead-end'
  | 'choice-unlinked'
  | 'variable-never-set'
  | 'loop-without-exit'
  | 'api-without-failure';

export interface LintFix {
  /** The button's words, e.g. "Delete node". */
  label: string;
  changes: FlowChange[];
}

export interface LintIssue {
  rule: LintRuleId;
  nodeId: NodeId;
  message: string;
  fix?: LintFix;
}

/** The rules' titles, in the panel's order. */
export const LINT_RULES: { id: LintRuleId; title: string }[] = [
  { id: 'invalid-node', title: 'Invalid nodes' },
  { id: 'unreachable', title: 'Unreachable from the start' },
  { id: 'dead-end', title: 'Dead ends' },
  { id: 'choice-unlinked', title: 'Choices without a link' },
  { id: 'variable-never-set', title: 'Variables read but never set' },
  { id: 'loop-without-exit', title: 'Loops with no exit' },
  { id: 'api-without-failure', title: 'API nodes without a failure path' },
];
