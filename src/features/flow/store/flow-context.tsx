import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { FlowEditor } from './flow-editor';
import type { FlowState } from './flow-store';

export const FlowEditorContext = createContext<FlowEditor | null>(null);

export function useFlowEditor(): FlowEditor {
  const editor = useContext(FlowEditorContext);
  if (!editor) throw new Error('useFlowEditor is used outside the flow page');
  return editor;
}

/** Reads one slice of the editor's store; pass a module-level selector (see flow-store.ts). */
export function useFlow<T>(selector: (state: FlowState) => T): T {
  return useStore(useFlowEditor().store, selector);
}
