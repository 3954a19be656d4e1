import { NodeEditorHost } from '../node-editor/NodeEditorHost';

/** Where the node-edit modal plugs into the board (issue 5): src/features/node-editor. */
export function NodeEditHost({ nodeId, onClose }: { nodeId: string; onClose: () => void }) {
  return <NodeEditorHost nodeId={nodeId} onClose={onClose} />;
}
