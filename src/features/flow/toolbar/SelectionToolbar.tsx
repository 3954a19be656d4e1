import {
  AlignCenterHorizontal,
  AlignCenterVertical,
  AlignEndHorizontal,
  AlignEndVertical,
  AlignHorizontalDistributeCenter,
  AlignStartHorizontal,
  AlignStartVertical,
  AlignVerticalDistributeCenter,
  Copy,
  CopyPlus,
  Network,
  Trash,
  type LucideIcon,
} from 'lucide-react';
import { useFlow } from '../store/flow-context';
import { selectSelectedCount, selectStatus } from '../store/flow-store';
import { useToolEditor } from '../tools-context';
import './selection-toolbar.css';

interface Tool {
  label: string;
  icon: LucideIcon;
  run(): void;
  /** How many nodes must be selected for it to apply. */
  needs: number;
  danger?: boolean;
}

/**
 * Issue 20 §2: what can be done with several selected nodes — align, distribute, auto-layout,
 * duplicate, copy and delete, each one undoable change. Shown while two or more are selected.
 */
export function SelectionToolbar() {
  const editor = useToolEditor();
  const count = useFlow(selectSelectedCount);
  // A version open read-only marks its changed nodes with the selection outline: nothing to act on.
  const viewing = useFlow(selectStatus) === 'viewing';
  if (count < 2 || viewing) return null;
  const tools: Tool[][] = [
    [
      { label: 'Align left', icon: AlignStartVertical, run: () => editor.align('left'), needs: 2 },
      { label: 'Align centres', icon: AlignCenterVertical, run: () => editor.align('center'), needs: 2 },
      { label: 'Align right', icon: AlignEndVertical, run: () => editor.align('right'), needs: 2 },
      { label: 'Align top', icon: AlignStartHorizontal, run: () => editor.align('top'), needs: 2 },
      { label: 'Align middles', icon: AlignCenterHorizontal, run: () => editor.align('middle'), needs: 2 },
      { label: 'Align bottom', icon: AlignEndHorizontal, run: () => editor.align('bottom'), needs: 2 },
    ],
    [
      {
        label: 'Distribute horizontally',
        icon: AlignHorizontalDistributeCenter,
        run: () => editor.distribute('horizontal'),
        needs: 3,
      },
      {
        label: 'Distribute vertically',
        icon: AlignVerticalDistributeCenter,
        run: () => editor.distribute('vertical'),
        needs: 3,
      },
      { label: 'Auto-layout the selection', icon: Network, run: () => void editor.layout(), needs: 2 },
    ],
    [
      { label: 'Duplicate the selection', icon: CopyPlus, run: editor.duplicateSelected, needs: 1 },
      { label: 'Copy the selection', icon: Copy, run: () => void editor.copy(), needs: 1 },
      { label: 'Delete the selection', icon: Trash, run: editor.deleteSelected, needs: 1, danger: true },
    ],
  ];
  return (
    <div className="flow-selection-toolbar" role="toolbar" aria-label="Selection">
      <span className="flow-selection-count" role="status">
        {count} selected
      </span>
      {tools.map((group, i) => (
        <div className="flow-selection-group" key={i}>
          {group.map(({ label, icon: Icon, run, needs, danger }) => (
            <button
              key={label}
              type="button"
              className={danger ? 'icon-btn flow-danger-icon' : 'icon-btn'}
              aria-label={label}
              title={label}
              disabled={count < needs}
              onClick={run}
            >
              <Icon size={18} aria-hidden="true" />
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}
