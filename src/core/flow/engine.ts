import { parseCondition } from '../condition';
import { validateNode, type Problem, type ValidationContext } from '../validation';
import { createFlowLint, type LintOptions } from '../lint/lint-flow';
import type { LintIssue } from '../lint/types';
import { createHistory, type HistoryOptions } from './history';
import { autoLayout } from './layout/auto-layout';
import type { FlowChange } from './changes';
import type { NodeId } from './schema';

/** Until the editor has loaded the bot: English only, nothing else known. */
const EMPTY_CONTEXT: ValidationContext = {
  supportedLanguages: [],
  defaultLanguageCode: 'en',
  templateNames: [],
  providers: [],
  pushMessageTypes: [],
};

/**
 * What the engine worker exposes (workers/engine.worker.ts wraps it with Comlink; tests call it
 * directly): the flow history over the worker's replica, node validation over that same replica,
 * and condition parsing for the condition inputs.
 */
export function createEngine(options: HistoryOptions = {}) {
  const history = createHistory(options);
  let context = EMPTY_CONTEXT;
  // The problems of every node that has any, as last validated.
  const known = new Map<NodeId, Problem[]>();

  /** The bot's languages, templates, providers and push types; call validate() after it. */
  function setValidationContext(next: ValidationContext): void {
    context = next;
  }

  /**
   * Re-validates the replica. Without ids: every node, answering only the nodes with problems.
   * With ids (the nodes an edit, undo or redo touched): only those, answering each of them — an
   * empty list for a node that is now valid or no longer exists — so the board can clear marks.
   */
  function validate(changedIds?: readonly NodeId[]): Map<NodeId, Problem[]> {
    if (!changedIds) {
      known.clear();
      for (const node of history.nodes()) {
        const problems = validateNode(node, context);
        if (problems.length > 0) known.set(node.id, problems);
      }
      return new Map(known);
    }
    // By id from the replica: an edit's few nodes, not a pass over the whole flow.
    const result = new Map<NodeId, Problem[]>();
    for (const id of new Set(changedIds)) {
      const node = history.node(id);
      result.set(id, node ? validateNode(node, context) : []);
    }
    for (const [id, problems] of result) {
      if (problems.length > 0) known.set(id, problems);
      else known.delete(id);
    }
    return result;
  }

  const flowLint = createFlowLint();

  /**
   * The lint panel's issues (issue 20 §5) over the replica as it is now, with the validation
   * problems last found; per-node rules are cached by node, so after an edit only its nodes are read.
   */
  function lint(options?: LintOptions): LintIssue[] {
    return flowLint.lint(history.nodes(), known, options);
  }

  /** Moves laying out `ids` (or the whole flow) left to right; the caller applies them as one edit. */
  function layout(ids?: readonly NodeId[]): FlowChange[] {
    return autoLayout(history.nodes(), ids);
  }

  return { ...history, setValidationContext, validate, parseCondition, lint, layout };
}

export type Engine = ReturnType<typeof createEngine>;
