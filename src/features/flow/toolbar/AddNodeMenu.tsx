import { ChevronDown, Plus } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ADDABLE_NODE_TYPES, newNode, nodeTypeLabel, type NodeType } from '../../../core/flow';
import { menuKeyTarget } from './menu-keys';
import { NODE_TYPE_ICONS } from './node-type-icons';
import { useDismiss } from './use-dismiss';

/** The label each type is listed under: the board's own type label (spec 2 §2). */
const ENTRIES = ADDABLE_NODE_TYPES.map((type) => ({
  type,
  label: nodeTypeLabel(newNode(type, 'x', 0, 0)),
  Icon: NODE_TYPE_ICONS[type],
}));
const LABELS = ENTRIES.map((entry) => entry.label);

/**
 * The Node (add) menu button (spec 2 §2): a popup list of node types, each with its icon, in one
 * column. It follows the WAI-ARIA menu button pattern: Enter, Space or ArrowDown open it on the
 * first item and ArrowUp on the last; arrows, Home, End and a typed letter move between items;
 * Enter or Space add that node (in the middle of the view); Escape closes it and focus returns to
 * the button.
 */
export function AddNodeMenu({ onAdd, disabled }: { onAdd: (type: NodeType) => void; disabled: boolean }) {
  /** The item that holds focus while the menu is open, or null when it is closed. */
  const [active, setActive] = useState<number | null>(null);
  const open = active !== null;
  const anchor = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const close = useCallback(() => setActive(null), []);
  useDismiss(anchor, open, close);

  useEffect(() => {
    if (active !== null) items.current[active]?.focus();
  }, [active]);

  const closeToButton = () => {
    setActive(null);
    button.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setActive(event.key === 'ArrowDown' ? 0 : ENTRIES.length - 1);
  };

  const onMenuKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      return closeToButton();
    }
    if (event.key === 'Tab') return close();
    const next = menuKeyTarget(event.key, active ?? 0, LABELS);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
  };

  return (
    <div className="flow-menu-anchor" ref={anchor}>
      <button
        ref={button}
        type="button"
        className="btn btn-primary btn-sm flow-add-node"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'flow-add-node-menu' : undefined}
        disabled={disabled}
        onClick={() => (open ? close() : setActive(0))}
        onKeyDown={onButtonKey}
      >
        <Plus size={18} aria-hidden="true" />
        Node
        <ChevronDown size={16} aria-hidden="true" className="flow-add-node-chevron" />
      </button>
      {open && (
        <div
          id="flow-add-node-menu"
          className="menu flow-menu flow-add-menu"
          role="menu"
          aria-label="Add node"
          onKeyDown={onMenuKey}
        >
          {ENTRIES.map(({ type, label, Icon }, index) => (
            <button
              key={type}
              ref={(element) => {
                items.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={index === active ? 0 : -1}
              className="menu-item flow-add-menu-item"
              onMouseEnter={() => setActive(index)}
              onClick={() => {
                closeToButton();
                onAdd(type);
              }}
            >
              <Icon size={18} aria-hidden="true" />
              <span>{label}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
