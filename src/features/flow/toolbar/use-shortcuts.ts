import { useEffect } from 'react';
import type { FlowEditor } from '../store/flow-editor';

/** The board's keyboard shortcuts, listed in the help modal. */
export const SHORTCUTS: { keys: string; action: string }[] = [
  { keys: 'Ctrl/Cmd + Z', action: 'Undo' },
  { keys: 'Ctrl/Cmd + Shift + Z or Ctrl + Y', action: 'Redo' },
  { keys: 'Delete or Backspace', action: 'Delete the selected node or link' },
  { keys: 'Double-click a node', action: 'Edit the node' },
  { keys: 'Drag the background / mouse wheel', action: 'Pan / zoom' },
  { keys: '+ / − / 0 / 1 (board focused)', action: 'Zoom in / zoom out / zoom to 100 % / fit to view' },
  { keys: 'Click or drag on the minimap', action: 'Move the view there' },
  { keys: 'Drag from an output slot to a node', action: 'Link them' },
];

/** Typing in a field (or with a modal open) is never a board shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (document.querySelector('dialog[open]')) return true;
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z, Ctrl+Y, Delete and Backspace, while the flow page is open. */
export function useShortcuts(editor: FlowEditor): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      const command = event.ctrlKey || event.metaKey;
      if (command && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) editor.redo();
        else editor.undo();
      } else if (event.ctrlKey && key === 'y') {
        event.preventDefault();
        editor.redo();
      } else if ((event.key === 'Delete' || event.key === 'Backspace') && !command) {
        event.preventDefault();
        editor.deleteSelected();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editor]);
}
