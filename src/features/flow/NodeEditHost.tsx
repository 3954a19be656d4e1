import { nodeTypeLabel } from '../../core/flow';
import { Button, Modal } from '../../ui';
import { useFlow } from './store/flow-context';
import type { FlowState } from './store/flow-store';

/**
 * Where the node-edit modal (the next issue) plugs in: the page hands it the node to edit. For now
 * it only says which node was asked for.
 */
export function NodeEditHost({ nodeId, onClose }: { nodeId: string; onClose: () => void }) {
  const node = useFlow((s: FlowState) => s.nodes.find((n) => n.id === nodeId));
  if (!node) return null;
  return (
    <Modal
      title="Edit node"
      onClose={onClose}
      size="sm"
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      <p>
        <strong>{node.name || '(no name)'}</strong> — {nodeTypeLabel(node)}
      </p>
    </Modal>
  );
}
