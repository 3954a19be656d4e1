import { ToolButton } from './icons';

interface ItemActionsProps {
  /** How the item is named in each button's label ("step 2", "choice Yes"). */
  name: string;
  index: number;
  count: number;
  onMove?: (delta: -1 | 1) => void;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Moving wraps around at the ends (carousel items), so both moves stay enabled. */
  wraps?: boolean;
}

/** The row buttons of an editable list: move up, move down, edit, delete. */
export function ItemActions({ name, index, count, onMove, onEdit, onDelete, wraps }: ItemActionsProps) {
  return (
    <div className="ne-item-actions">
      {onMove && (
        <>
          <ToolButton
            icon="up"
            label={`Move ${name} up`}
            disabled={wraps ? count < 2 : index === 0}
            onClick={() => onMove(-1)}
          />
          <ToolButton
            icon="down"
            label={`Move ${name} down`}
            disabled={wraps ? count < 2 : index === count - 1}
            onClick={() => onMove(1)}
          />
        </>
      )}
      {onEdit && <ToolButton icon="edit" label={`Edit ${name}`} onClick={onEdit} />}
      {onDelete && <ToolButton icon="trash" label={`Delete ${name}`} tone="danger" onClick={onDelete} />}
    </div>
  );
}
