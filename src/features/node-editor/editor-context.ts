import { createContext, useContext } from 'react';
import type { BotLanguage } from '../../core/bot/types';
import type { FlowNode } from '../../core/flow';
import type { Problem, ValidationContext } from '../../core/validation';
import type { FlowProvider as Provider, PushMessageType } from '../../core/api/flow';

/** Where uploads of this node go: the bot's content, or a flow template's. */
export interface ContentScope {
  botId: number;
  /** Set when the node belongs to a flow template rather than the main flow. */
  template: string | null;
}

/** What the editors of every node type share while the modal is open. */
export interface NodeEditorContextValue {
  /** The language code whose texts are being edited (the header's dropdown). */
  language: string;
  defaultLanguage: string;
  languages: readonly BotLanguage[];
  validation: ValidationContext;
  problems: readonly Problem[];
  /** The first problem on this field path, if any; a trailing `*` matches every path under a prefix. */
  errorAt(field: string): string | undefined;
  scope: ContentScope | null;
  templates: readonly string[];
  providers: readonly Provider[];
  pushMessageTypes: readonly PushMessageType[];
  /** Names of the variables the flow declares (for pickers of list and file variables). */
  variableNames: readonly string[];
  /** Names of the file variables the flow declares (carousel items from a file variable). */
  fileVariableNames: readonly string[];
  /** True while any work is in progress in the modal. */
  busy: boolean;
  /** Marks work in progress (an upload, an image check): Confirm waits for it. */
  setBusy(key: string, busy: boolean): void;
  /** A problem only the editor can see (e.g. JSON that does not parse): Confirm waits for it. */
  setLocalProblem(key: string, message: string | null): void;
}

export const NodeEditorContext = createContext<NodeEditorContextValue | null>(null);

export function useNodeEditor(): NodeEditorContextValue {
  const value = useContext(NodeEditorContext);
  if (!value) throw new Error('useNodeEditor is used outside the node-edit modal');
  return value;
}

/** Applies a recipe to the draft of the node being edited (immer: write to the draft freely). */
export type EditNode<N extends FlowNode = FlowNode> = (recipe: (draft: N) => void) => void;

export interface NodeEditorProps<N extends FlowNode> {
  node: N;
  edit: EditNode<N>;
}
