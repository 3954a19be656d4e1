import type { FlowNode, NodeId } from './schema';

// Issue 20 §4: what a version changed, as the History panel sums it up (nodes added, removed,
// changed) and as the board highlights it when a version is opened against the current draft.

export interface VersionSummary {
  added: NodeId[];
  removed: NodeId[];
  /** Nodes in both whose content differs (a move alone is counted as moved, not changed). */
  changed: NodeId[];
  moved: NodeId[];
}

/** A node's content without its place on the board and the editor's marks. */
function contentOf(node: FlowNode): string {
  const { x: _x, y: _y, isNew: _n, input: _i, ...rest } = node;
  return JSON.stringify(rest);
}

/** How `after` differs from `before`, node by node (matched by id). */
export function versionSummary(before: readonly FlowNode[], after: readonly FlowNode[]): VersionSummary {
  const old = new Map(before.map((node) => [node.id, node]));
  const summary: VersionSummary = { added: [], removed: [], changed: [], moved: [] };
  const seen = new Set<NodeId>();
  for (const node of after) {
    seen.add(node.id);
    const was = old.get(node.id);
    if (!was) summary.added.push(node.id);
    else if (was !== node && contentOf(was) !== contentOf(node)) summary.changed.push(node.id);
    else if (was.x !== node.x || was.y !== node.y) summary.moved.push(node.id);
  }
  for (const node of before) if (!seen.has(node.id)) summary.removed.push(node.id);
  return summary;
}

/** "3 added, 1 removed, 2 changed" (parts with nothing left out; "No changes" when all are). */
export function summaryText(summary: VersionSummary): string {
  const parts = [
    summary.added.length && `${summary.added.length} added`,
    summary.removed.length && `${summary.removed.length} removed`,
    summary.changed.length && `${summary.changed.length} changed`,
    summary.moved.length && `${summary.moved.length} moved`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'No changes';
}
