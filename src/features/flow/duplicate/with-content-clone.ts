// The editor's Duplicate, with the content of basic nodes cloned on the server first (spec 2 §4).
// A node with nothing stored duplicates at once, exactly as before.
import { MAIN_FLOW } from '../flow-api';
import type { FlowEditor } from '../store/flow-editor';
import { cloneContent } from './clone-api';
import { storedContentIds, withClonedContent, type ClonedElement } from './content-clone';

/** The editor with duplicateSelected cloning stored content before it duplicates. */
export function withContentClone(editor: FlowEditor): FlowEditor {
  const { store } = editor;
  let cloning = false;

  /** Duplicates `id` and points the copy at the clones, as one history entry. */
  function duplicateWith(id: string, clones: readonly ClonedElement[]): void {
    const before = store.getState().nodes;
    if (!before.some((node) => node.id === id)) return;
    // The core's duplicate names and places the copy; the update that follows swaps the ids in.
    // Both land in one gesture, so one undo removes the copy.
    editor.beginGesture();
    editor.duplicateSelected();
    const { nodes, selection } = store.getState();
    const copy =
      nodes !== before && selection.nodeId ? nodes.find((n) => n.id === selection.nodeId) : undefined;
    const cloned = copy && withClonedContent(copy, clones);
    if (cloned && cloned !== copy) editor.edit([{ type: 'update', node: cloned }]);
    editor.endGesture();
  }

  async function duplicateSelected(): Promise<void> {
    const { selection, nodes, botId, flowName, status } = store.getState();
    const node = selection.nodeId ? nodes.find((n) => n.id === selection.nodeId) : undefined;
    if (!node || botId === null || status !== 'ready') return;
    const ids = storedContentIds(node);
    if (ids.length === 0) return editor.duplicateSelected();
    if (cloning) return;
    cloning = true;
    try {
      const template = flowName === MAIN_FLOW ? null : flowName;
      const clones = await cloneContent({ botId, template }, ids);
      const now = store.getState();
      // The board moved on meanwhile (another bot or flow): the copies are not for this board.
      if (now.botId !== botId || now.flowName !== flowName) return;
      editor.select({ nodeId: node.id, linkId: null });
      duplicateWith(node.id, clones);
    } catch (error) {
      console.error(error);
      store.setState({
        notice: {
          kind: 'error',
          text: error instanceof Error ? error.message : 'Unable to duplicate the node',
        },
      });
    } finally {
      cloning = false;
    }
  }

  return { ...editor, duplicateSelected: () => void duplicateSelected() };
}
