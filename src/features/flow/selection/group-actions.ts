import type { FlowNode, NodeId } from '../../../core/flow';
import type { FlowEditor } from '../store/flow-editor';
import { NO_SELECTION, selectedIds } from '../store/selection';
import { alignNodes, distributeNodes, type Alignment, type Direction } from './arrange';
import { LAYOUT_MEASURE } from '../tool-measures';

/**
 * What the editor does with several selected nodes (issue 20 §2, §6): select all, delete,
 * align, distribute and auto-layout, each recorded as one change (one undo).
 */
export function createGroupActions(editor: FlowEditor) {
  const { store } = editor;
  const selected = () => selectedIds(store.getState());
  const nodesOf = (ids: readonly NodeId[]): FlowNode[] => {
    const wanted = new Set(ids);
    return store.getState().nodes.filter((node) => wanted.has(node.id));
  };

  return {
    selectAll(): void {
      const { nodes, selection } = store.getState();
      editor.selectNodes(
        nodes.map((node) => node.id),
        selection.nodeId ?? nodes[0]?.id ?? null,
      );
    },
    /** Deletes every selected node (or the selected link) as one change. */
    deleteSelected(): void {
      const { group } = store.getState();
      if (group.size === 0) return editor.deleteSelected();
      editor.edit(
        [...group].map((id) => ({ type: 'delete' as const, id })),
        NO_SELECTION,
      );
    },
    align(alignment: Alignment): void {
      editor.edit(alignNodes(nodesOf(selected()), alignment));
    },
    distribute(direction: Direction): void {
      editor.edit(distributeNodes(nodesOf(selected()), direction));
    },
    /** Lays out the selected group, or the whole flow when fewer than two nodes are selected. */
    async layout(): Promise<void> {
      const ids = selected();
      const started = performance.now();
      const changes = await editor.engine.layout(ids.length > 1 ? ids : undefined);
      editor.edit(changes);
      performance.measure(LAYOUT_MEASURE, { start: started, detail: changes.length });
    },
  };
}
