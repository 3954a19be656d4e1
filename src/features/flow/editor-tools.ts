import { createClipboardActions } from './clipboard/clipboard-actions';
import { watchDrafts } from './history/draft-autosave';
import { createVersionActions } from './history/version-actions';
import { watchPublishes } from './presence/watch-publishes';
import { watchLint } from './lint/watch-lint';
import { createGroupActions } from './selection/group-actions';
import type { FlowEditor } from './store/flow-editor';
import type { LintFix } from '../../core/lint';

/**
 * The editor with issue 20's power tools: group selection actions, copy and paste, and the lint
 * watcher. Delete and Duplicate act on the whole group when several nodes are selected.
 */
export function withEditorTools(editor: FlowEditor) {
  const group = createGroupActions(editor);
  const clipboard = createClipboardActions(editor);
  const lint = watchLint(editor);
  const drafts = watchDrafts(editor);
  const publishes = watchPublishes(editor);
  const isGroup = () => editor.store.getState().group.size > 0;
  return {
    ...editor,
    ...group,
    ...clipboard,
    ...createVersionActions(editor),
    lint,
    drafts,
    publishes,
    deleteSelected: group.deleteSelected,
    duplicateSelected: () => (isGroup() ? void clipboard.duplicateGroup() : editor.duplicateSelected()),
    /** A lint panel fix: its changes as one edit, the node then shown. */
    applyFix(nodeId: string, fix: LintFix) {
      editor.edit(fix.changes);
      if (editor.store.getState().nodes.some((node) => node.id === nodeId)) editor.goToNode(nodeId);
    },
    stop() {
      lint.stop();
      drafts.stop();
      publishes.stop();
      editor.stop();
    },
  };
}

export type ToolEditor = ReturnType<typeof withEditorTools>;
