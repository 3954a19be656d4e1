import { useEffect } from 'react';
import type { ToolEditor } from '../editor-tools';

/** Every keyboard shortcut and gesture of the board: the shortcuts sheet (`?`) and the help modal list these. */
export const SHORTCUTS: { keys: string; action: string }[] = [
  { keys: 'Ctrl/Cmd + Z', action: 'Undo' },
  { keys: 'Ctrl/Cmd + Shift + Z or Ctrl + Y', action: 'Redo' },
  { keys: 'Ctrl/Cmd + F', action: 'Search the flow (Enter / ↑ ↓ go to each result)' },
  { keys: 'Ctrl/Cmd + A', action: 'Select every node' },
  { keys: 'Shift + click a node', action: 'Add it to the selection, or take it out' },
  { keys: 'Shift + drag the background', action: 'Select the nodes inside the rectangle' },
  { keys: 'Ctrl/Cmd + C / Ctrl/Cmd + V', action: 'Copy the selection / paste (also into another bot)' },
  { keys: 'Ctrl/Cmd + D', action: 'Duplicate the selection' },
  { keys: 'Delete or Backspace', action: 'Delete the selected nodes or link' },
  { keys: 'Ctrl/Cmd + Shift + L', action: 'Auto-layout the selection (or the whole flow)' },
  { keys: 'Escape', action: 'Clear the selection' },
  { keys: 'Double-click a node', action: 'Edit the node' },
  { keys: 'Drag the background / mouse wheel', action: 'Pan / zoom' },
  { keys: '+ / − / 0 / 1 (board focused)', action: 'Zoom in / zoom out / zoom to 100 % / fit to view' },
  { keys: 'Click or drag on the minimap', action: 'Move the view there' },
  { keys: 'Drag from an output slot to a node', action: 'Link them' },
  { keys: '?', action: 'Show these shortcuts' },
];

/** Typing in a field (or with a modal open) is never a board shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (document.querySelector('dialog[open]')) return true;
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** What the page opens from the keyboard. */
export interface ShortcutPanels {
  openSearch(): void;
  openShortcuts(): void;
}

/** The board's shortcuts while the flow page is open (see SHORTCUTS). */
export function useShortcuts(editor: ToolEditor, panels: ShortcutPanels): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const key = event.key.toLowerCase();
      const command = event.ctrlKey || event.metaKey;
      // Search opens from anywhere on the page but a modal (the browser's own find is for other pages).
      if (command && key === 'f' && !document.querySelector('dialog[open]')) {
        event.preventDefault();
        panels.openSearch();
        return;
      }
      if (event.defaultPrevented || isTyping(event.target)) return;
      if (command && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) editor.redo();
        else editor.undo();
      } else if (event.ctrlKey && key === 'y') {
        event.preventDefault();
        editor.redo();
      } else if (command && key === 'a') {
        event.preventDefault();
        editor.selectAll();
      } else if (command && key === 'd') {
        event.preventDefault();
        editor.duplicateSelected();
      } else if (command && event.shiftKey && key === 'l') {
        event.preventDefault();
        void editor.layout();
      } else if ((event.key === 'Delete' || event.key === 'Backspace') && !command) {
        event.preventDefault();
        editor.deleteSelected();
      } else if (event.key === 'Escape') {
        editor.select({ nodeId: null, linkId: null });
      } else if (event.key === '?') {
        event.preventDefault();
        panels.openShortcuts();
      }
    };
    // Copy and paste through the clipboard events: no permission prompt, and the system clipboard
    // carries the selection to another tab or bot.
    const onCopy = (event: ClipboardEvent) => {
      if (isTyping(event.target) || hasTextSelection()) return;
      const text = editor.copyText();
      if (!text || !event.clipboardData) return;
      event.clipboardData.setData('text/plain', text);
      event.preventDefault();
    };
    const onPaste = (event: ClipboardEvent) => {
      if (isTyping(event.target)) return;
      const text = event.clipboardData?.getData('text/plain') ?? '';
      // Text that is not a BotFlow clipboard is left alone.
      void editor.pasteText(text);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('copy', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, [editor, panels]);
}

/** The author selected text on the page (a notice, the emulator): copying copies that, not nodes. */
function hasTextSelection(): boolean {
  const selection = window.getSelection();
  return !!selection && !selection.isCollapsed && selection.toString().trim() !== '';
}
