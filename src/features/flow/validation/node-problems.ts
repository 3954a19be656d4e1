// Which nodes the worker re-validates after an edit, and how its answers become the board's marks
// (issue 5: the board marks nodes whose saved content is invalid). Pure: unit-tested without a
// worker.
import type { FlowChange, FlowDiff, NodeId } from '../../../core/flow';
import type { Problem } from '../../../core/validation';

/** Problem counts of the nodes that have any; a node without problems has no key. */
export type NodeProblems = Readonly<Record<NodeId, number>>;

export const NO_PROBLEMS: NodeProblems = Object.freeze({});

/**
 * The nodes whose validity an edit may change. A move never does (validation does not read
 * positions), and neither do links (no rule reads where a slot points), so a drag costs nothing
 * here; a delete is named so its mark is cleared.
 */
export function idsOfChanges(changes: readonly FlowChange[]): NodeId[] {
  const ids: NodeId[] = [];
  for (const change of changes) {
    switch (change.type) {
      case 'add':
      case 'update':
        ids.push(change.node.id);
        break;
      case 'duplicate':
        ids.push(change.newId);
        break;
      case 'delete':
        ids.push(change.id);
        break;
      case 'move':
      case 'link':
      case 'unlink':
        break;
    }
  }
  return ids;
}

/**
 * Keys of a node that validation does not read: an undo that only moves a node skips it. `next`
 * is read (choice options and conditions live on the slots), so an undone link is re-checked.
 */
const LAYOUT_KEYS: ReadonlySet<string> = new Set(['x', 'y', 'isNew']);

/** The nodes an undo or redo touched in a way validation can see. */
export function idsOfDiff(diff: FlowDiff): NodeId[] {
  const ids: NodeId[] = [];
  for (const { node } of diff.added) ids.push(node.id);
  for (const { node } of diff.removed) ids.push(node.id);
  for (const { id, keys } of diff.changed) {
    if (keys.some(({ key }) => !LAYOUT_KEYS.has(key))) ids.push(id);
  }
  return ids;
}

/**
 * Folds a validation answer into the marks. `whole`: the answer covers the whole flow (only nodes
 * with problems), so it replaces the marks; otherwise it names each checked node, valid ones with
 * an empty list. Answers the same object when nothing changed, so the board is not redrawn.
 */
export function mergeProblems(
  current: NodeProblems,
  answer: ReadonlyMap<NodeId, readonly Problem[]>,
  whole: boolean,
): NodeProblems {
  if (whole) {
    const next: Record<NodeId, number> = {};
    for (const [id, problems] of answer) if (problems.length > 0) next[id] = problems.length;
    return sameProblems(current, next) ? current : next;
  }
  let next: Record<NodeId, number> | null = null;
  for (const [id, problems] of answer) {
    const count = problems.length;
    if ((current[id] ?? 0) === count) continue;
    next ??= { ...current };
    if (count > 0) next[id] = count;
    else delete next[id];
  }
  return next ?? current;
}

function sameProblems(a: NodeProblems, b: NodeProblems): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((id) => a[id] === b[id]);
}

/** The ids of the marked nodes, for the board's test hook. */
export function invalidNodeIds(problems: NodeProblems): NodeId[] {
  return Object.keys(problems);
}
