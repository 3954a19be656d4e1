import { Immer, type Draft } from 'immer';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { immer } from 'zustand/middleware/immer';
import type { FlowNode, HistoryState, NodeId } from '../../../core/flow';
import type { FlowProblem } from '../../../core/validation';
import {
  MAIN_FLOW,
  type FlowTemplateRef,
  type FlowVersion,
  type Provider,
  type PushMessageType,
} from '../flow-api';
import { NO_PROBLEMS, type NodeProblems } from '../validation/node-problems';

// One store per editor (xyflow's pattern): the page creates it, the board and the toolbars read it
// through narrow selectors. Nodes are replaced, never mutated, so a renderer compares them by
// identity; immer keeps the rest of the state's updates short.
//
// Immer's auto-freeze is off for this store: it walks every new value put into the state, so each
// edit paid a pass over all 10,000 nodes, and a frozen node array is several times slower to copy
// and search (V8 keeps frozen elements apart), which every following edit did.
const producer = new Immer({ autoFreeze: false });

/** zustand's immer middleware over that non-freezing producer (same types, same behaviour). */
const unfrozenImmer = ((initializer: (set: unknown, get: unknown, api: StoreApi<unknown>) => unknown) =>
  (set: StoreApi<unknown>['setState'], get: unknown, api: StoreApi<unknown>) => {
    type Recipe = (draft: Draft<unknown>) => void;
    api.setState = (updater, replace?: boolean) =>
      set(typeof updater === 'function' ? producer.produce(updater as Recipe) : updater, replace as false);
    return initializer(api.setState, get, api);
  }) as unknown as typeof immer;

export interface Notice {
  kind: 'error' | 'warning' | 'success';
  text: string;
}

/**
 * The problems list (issue 13 §3), open: everything wrong with the flow as it was when asked.
 * `publish`: opened by Publish, so it asks to publish anyway or cancel; otherwise opened from the
 * top bar's count, to review.
 */
export interface ProblemList {
  problems: FlowProblem[];
  message: string;
  publish: boolean;
}

export interface FlowState {
  botId: number | null;
  /** The flow on the board: main, or the name of a flow template. */
  flowName: string;
  nodes: FlowNode[];
  /** The main flow's version as last loaded or published (sent back on publish). */
  version: FlowVersion | null;
  templates: FlowTemplateRef[];
  providers: Provider[];
  pushMessageTypes: PushMessageType[];
  /** `viewing`: a published version is shown read-only (issue 20 §4); the draft waits in `viewing`. */
  status: 'idle' | 'loading' | 'ready' | 'error' | 'viewing';
  viewing: ViewedVersion | null;
  notice: Notice | null;
  selection: { nodeId: NodeId | null; linkId: string | null };
  /**
   * The nodes selected together (issue 20 §2: shift-click, rubber band, select all), the primary
   * `selection.nodeId` among them; empty unless two or more are selected.
   */
  group: ReadonlySet<NodeId>;
  history: HistoryState;
  publishing: boolean;
  /** Counts opened flows, so the board fits its view once per flow rather than per edit. */
  opened: number;
  /** Problem counts of the nodes whose saved content is invalid (validation/watch-problems.ts). */
  problems: NodeProblems;
  /** The problems list when it is open. */
  problemList: ProblemList | null;
}

/** A published version on the board, read-only, and the draft it stands in front of. */
export interface ViewedVersion {
  version: number;
  author: string;
  createdAt: number;
  /** The draft's nodes, put back when the view closes. */
  draft: FlowNode[];
  /** Nodes of the version that differ from the draft (highlighted), and those the draft lacks or adds. */
  changed: number;
  added: number;
  removed: number;
}

export const EMPTY_HISTORY: HistoryState = {
  canUndo: false,
  canRedo: false,
  depth: 0,
  redoDepth: 0,
  hasChanges: false,
};

/** No group selected (one shared empty set, so an unchanged group keeps its identity). */
export const NO_GROUP: ReadonlySet<NodeId> = new Set();

export function initialFlowState(): FlowState {
  return {
    botId: null,
    flowName: MAIN_FLOW,
    nodes: [],
    version: null,
    templates: [],
    providers: [],
    pushMessageTypes: [],
    status: 'idle',
    viewing: null,
    notice: null,
    selection: { nodeId: null, linkId: null },
    group: NO_GROUP,
    history: EMPTY_HISTORY,
    publishing: false,
    opened: 0,
    problems: NO_PROBLEMS,
    problemList: null,
  };
}

export function createFlowStore() {
  return createStore<FlowState>()(unfrozenImmer(() => initialFlowState()));
}

export type FlowStore = ReturnType<typeof createFlowStore>;

// Selectors at module scope (stable identities), each reading the little a component needs.
export const selectNodes = (s: FlowState) => s.nodes;
export const selectHasNodes = (s: FlowState) => s.nodes.length > 0;
export const selectSelectedNodeId = (s: FlowState) => s.selection.nodeId;
export const selectGroup = (s: FlowState) => s.group;
/** How many nodes are selected (the selection toolbar shows at two or more). */
export const selectSelectedCount = (s: FlowState) => s.group.size || (s.selection.nodeId ? 1 : 0);
export const selectSelectedLinkId = (s: FlowState) => s.selection.linkId;
export const selectHasChanges = (s: FlowState) => s.history.hasChanges;
export const selectCanUndo = (s: FlowState) => s.history.canUndo;
export const selectCanRedo = (s: FlowState) => s.history.canRedo;
export const selectFlowName = (s: FlowState) => s.flowName;
export const selectTemplates = (s: FlowState) => s.templates;
export const selectStatus = (s: FlowState) => s.status;
export const selectNotice = (s: FlowState) => s.notice;
export const selectPublishing = (s: FlowState) => s.publishing;
export const selectBotId = (s: FlowState) => s.botId;
export const selectOpened = (s: FlowState) => s.opened;
export const selectViewing = (s: FlowState) => s.viewing;
export const selectVersion = (s: FlowState) => s.version;
export const selectProblemList = (s: FlowState) => s.problemList;

/** How many problems the flow has (the sum of every node's count), computed once per marks object. */
export const selectProblemTotal = (() => {
  let seen: NodeProblems | null = null;
  let total = 0;
  return (s: FlowState) => {
    if (s.problems !== seen) {
      seen = s.problems;
      total = 0;
      for (const id in seen) total += seen[id];
    }
    return total;
  };
})();
