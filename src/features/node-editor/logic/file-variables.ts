// The files of file variables (spec 2 §3, §7) belong to the node that declares them: when an edit
// takes a file variable away (the entry removed, or its type changed), its file is deleted on the
// server with DELETE /api/content/file/{botId} { variable_ids }, so it does not stay on disk for
// ever. Pure: which ids went away, and the request that deletes them.
import type { FlowNode } from '../../../core/flow';
import type { ContentScope } from '../editor-context';

/** The content ids of the files the node's file variables hold. */
export function fileVariableIds(node: FlowNode): string[] {
  if (node.type !== 'basic') return [];
  const ids: string[] = [];
  for (const entry of node.entries) {
    if (entry.type !== 'variable' || entry.variableType !== 'file') continue;
    const id = entry.variable_id ?? entry.file?.id;
    if (id !== null && id !== undefined && String(id) !== '') ids.push(String(id));
  }
  return ids;
}

/**
 * The files `before` held that `after` no longer does — and that no other node of the flow holds
 * either (a file is deleted only when nothing refers to it any more).
 */
export function droppedFileVariables(
  before: FlowNode,
  after: FlowNode,
  otherNodes: readonly FlowNode[] = [],
): string[] {
  const kept = new Set([after, ...otherNodes].flatMap(fileVariableIds));
  return [...new Set(fileVariableIds(before))].filter((id) => !kept.has(id));
}

/** Where the files of file variables live: the bot's content, or the flow template's. */
export function fileContentPath(scope: ContentScope): string {
  if (scope.template === null) return `/api/content/file/${scope.botId}`;
  return `/api/content/flow_template/file/${encodeURIComponent(scope.template)}?bot_id=${scope.botId}`;
}

/** The DELETE the editor sends for dropped file variables (spec 2 §7: "delete sends variable_ids"). */
export function fileDeletion(
  scope: ContentScope,
  ids: readonly string[],
): { path: string; fields: { variable_ids: string } } {
  return { path: fileContentPath(scope), fields: { variable_ids: JSON.stringify(ids) } };
}
