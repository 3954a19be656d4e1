import { Network } from 'lucide-react';
import { Button } from '../../../ui';
import { useToolEditor } from '../tools-context';
import { useFlow, useFlowEditor } from '../store/flow-context';
import {
  selectCanRedo,
  selectCanUndo,
  selectHasChanges,
  selectHasNodes,
  selectPublishing,
  selectSelectedNodeId,
  selectStatus,
} from '../store/flow-store';
import { AddNodeMenu } from './AddNodeMenu';
import { FlowIcon, FlowIconButton } from './flow-icons';

interface ActionBarProps {
  onEditNode(id: string): void;
  onRunFlow(): void;
}

/**
 * Spec 2 §2 action bar: Delete, Edit and Duplicate while a node is selected, Publish while there
 * are unsaved changes, Run flow while the flow has nodes, and the Node (add) dropdown; undo and
 * redo beside them.
 */
export function ActionBar({ onEditNode, onRunFlow }: ActionBarProps) {
  const editor = useFlowEditor();
  const tools = useToolEditor();
  const selected = useFlow(selectSelectedNodeId);
  const hasChanges = useFlow(selectHasChanges);
  const hasNodes = useFlow(selectHasNodes);
  const canUndo = useFlow(selectCanUndo);
  const canRedo = useFlow(selectCanRedo);
  const publishing = useFlow(selectPublishing);
  const ready = useFlow(selectStatus) === 'ready';

  return (
    <div className="flow-actionbar" role="toolbar" aria-label="Flow actions">
      <div className="flow-actionbar-group">
        <FlowIconButton icon="undo" label="Undo" disabled={!ready || !canUndo} onClick={editor.undo} />
        <FlowIconButton icon="redo" label="Redo" disabled={!ready || !canRedo} onClick={editor.redo} />
        <AddNodeMenu onAdd={editor.addNode} disabled={!ready} />
        <Button
          size="sm"
          variant="outline"
          disabled={!ready || !hasNodes}
          title="Auto-layout the whole flow, or the selection (Ctrl/Cmd+Shift+L)"
          onClick={() => void tools.layout()}
        >
          <Network size={16} aria-hidden="true" />
          Auto-layout
        </Button>
      </div>
      {selected && (
        <div className="flow-actionbar-group">
          <Button size="sm" variant="outline" onClick={() => onEditNode(selected)}>
            <FlowIcon name="edit" />
            Edit
          </Button>
          <Button size="sm" variant="outline" onClick={editor.duplicateSelected}>
            <FlowIcon name="copy" />
            Duplicate
          </Button>
          <Button size="sm" variant="danger" onClick={editor.deleteSelected}>
            <FlowIcon name="trash" />
            Delete
          </Button>
        </div>
      )}
      <div className="flow-actionbar-group flow-actionbar-end">
        {hasNodes && (
          <Button size="sm" variant="outline" onClick={onRunFlow}>
            <FlowIcon name="play" />
            Run flow
          </Button>
        )}
        {hasChanges && (
          <Button size="sm" loading={publishing} onClick={() => void editor.publish()}>
            {!publishing && <FlowIcon name="upload" />}
            Publish
          </Button>
        )}
      </div>
    </div>
  );
}
