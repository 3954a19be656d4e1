import type { FlowChange, NodeId } from '../../../core/flow';
import { NO_GROUP, type FlowStore } from './flow-store';
import { newNodeId, NO_SELECTION, parseLinkId, type Selection } from './selection';

type Edit = (changes: FlowChange[], select?: Selection) => void;

/**
 * What is selected on the board and the edits made to it as a whole: one node or link, a group of
 * nodes (issue 20 §2), and duplicating or deleting the selected node or link. Copy and paste of a
 * group are clipboard-actions.ts, group moves and arrangement selection/group-actions.ts.
 */
export function createSelectionActions(store: FlowStore, edit: Edit) {
  const get = store.getState;
  const set = store.setState;

  /** Selects one node or link (or nothing); a group selected before is let go. */
  function select(selection: Selection): void {
    if (get().status === 'viewing') return;
    const current = get().selection;
    if (current.nodeId === selection.nodeId && current.linkId === selection.linkId && get().group.size === 0)
      return;
    set({ selection, group: NO_GROUP });
  }

  /**
   * Selects the nodes `ids` together; `primary` (default: the first) is the one Edit opens. One id
   * is a plain selection; none selects nothing.
   */
  function selectNodes(ids: readonly NodeId[], primary: NodeId | null = ids[0] ?? null): void {
    if (get().status === 'viewing') return;
    const group = ids.length > 1 ? new Set(ids) : NO_GROUP;
    set({ selection: { nodeId: primary, linkId: null }, group });
  }

  function duplicateSelected(): void {
    const id = get().selection.nodeId;
    if (!id) return;
    const newId = newNodeId();
    edit([{ type: 'duplicate', id, newId }], { nodeId: newId, linkId: null });
  }

  /** Deletes the selected node (with every link to it) or the selected link. */
  function deleteSelected(): void {
    const { nodeId, linkId } = get().selection;
    if (nodeId) edit([{ type: 'delete', id: nodeId }], NO_SELECTION);
    else if (linkId) deleteLink(linkId);
  }

  function deleteLink(linkId: string): void {
    const link = parseLinkId(linkId);
    if (link) edit([{ type: 'unlink', from: link.from, slot: link.slotId }], NO_SELECTION);
  }

  return { select, selectNodes, duplicateSelected, deleteSelected, deleteLink };
}
