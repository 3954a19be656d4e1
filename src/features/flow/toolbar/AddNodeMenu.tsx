import { useCallback, useRef, useState } from 'react';
import { ADDABLE_NODE_TYPES, newNode, nodeTypeLabel, type NodeType } from '../../../core/flow';
import { Button } from '../../../ui';
import { useDismiss } from './use-dismiss';

/** The label each type is listed under: the board's own type label (spec 2 §2). */
const TYPE_LABELS = ADDABLE_NODE_TYPES.map((type) => ({
  type,
  label: nodeTypeLabel(newNode(type, 'x', 0, 0)),
}));

/** The Node (add) dropdown: one entry per node type; the node appears in the middle of the view. */
export function AddNodeMenu({ onAdd, disabled }: { onAdd: (type: NodeType) => void; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  return (
    <div className="flow-menu-anchor" ref={ref}>
      <Button
        size="sm"
        icon="chevronDown"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen(!open)}
      >
        Node
      </Button>
      {open && (
        <div className="menu flow-menu" role="menu" aria-label="Add node">
          {TYPE_LABELS.map(({ type, label }) => (
            <button
              key={type}
              type="button"
              role="menuitem"
              className="menu-item"
              onClick={() => {
                setOpen(false);
                onAdd(type);
              }}
            >
              {label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
