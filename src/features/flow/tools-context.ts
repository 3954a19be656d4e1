import { createContext, useContext } from 'react';
import type { ToolEditor } from './editor-tools';

/** The flow page's editor with its power tools (the same object as FlowEditorContext's). */
export const ToolEditorContext = createContext<ToolEditor | null>(null);

export function useToolEditor(): ToolEditor {
  const editor = useContext(ToolEditorContext);
  if (!editor) throw new Error('useToolEditor is used outside the flow page');
  return editor;
}
