import { createStore } from 'zustand/vanilla';
import type { FlowChange, FlowNode } from '../../../core/flow';
import type { FlowEditor } from '../store/flow-editor';
import { whenIdle } from '../when-idle';

// Issue 20 §4: the draft is kept in this browser as the author edits, so a closed tab (or a
// crash) loses nothing: opening the flow again offers to restore it. A publish clears it.

const SAVE_DELAY_MS = 800;
const keyOf = (botId: number, flowName: string) => `botflow:draft:${botId}:${flowName}`;

interface SavedDraft {
  /** The version the draft was made from. */
  base: number | null;
  savedAt: number;
  nodes: FlowNode[];
}

export interface DraftOffer {
  savedAt: number;
  nodeCount: number;
}

function readDraft(key: string): SavedDraft | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as SavedDraft) : null;
  } catch {
    return null;
  }
}

/** The changes that turn `current` into `draft`, as one edit (one undo brings the opened flow back). */
export function replaceAllChanges(current: readonly FlowNode[], draft: readonly FlowNode[]): FlowChange[] {
  const kept = new Map(draft.map((node) => [node.id, node]));
  const was = new Map(current.map((node) => [node.id, node]));
  const changes: FlowChange[] = [];
  for (const node of current) if (!kept.has(node.id)) changes.push({ type: 'delete', id: node.id });
  for (const node of draft) {
    const before = was.get(node.id);
    if (!before) changes.push({ type: 'add', node });
    else if (JSON.stringify(before) !== JSON.stringify(node)) changes.push({ type: 'update', node });
  }
  return changes;
}

export function watchDrafts(editor: FlowEditor) {
  const offers = createStore<{ offer: DraftOffer | null }>()(() => ({ offer: null }));
  let timer: ReturnType<typeof setTimeout> | null = null;
  let key: string | null = null;

  const save = () => {
    timer = null;
    const state = editor.store.getState();
    if (state.status !== 'ready' || !state.history.hasChanges || state.botId === null) return;
    const draft: SavedDraft = { base: state.version, savedAt: Date.now(), nodes: state.nodes };
    try {
      localStorage.setItem(keyOf(state.botId, state.flowName), JSON.stringify(draft));
    } catch (error) {
      // Too large for this browser's storage (a very large flow): the draft is simply not kept.
      console.warn('The draft could not be kept in this browser', error);
    }
  };

  const unsubscribe = editor.store.subscribe((state, before) => {
    if (state.botId === null) return;
    const nextKey = keyOf(state.botId, state.flowName);
    if (state.status === 'ready' && state.opened !== before.opened) {
      // A flow opened: offer its kept draft, if it differs from what opened.
      key = nextKey;
      const draft = readDraft(nextKey);
      const differs = draft && JSON.stringify(draft.nodes) !== JSON.stringify(state.nodes);
      offers.setState({ offer: differs ? { savedAt: draft.savedAt, nodeCount: draft.nodes.length } : null });
      return;
    }
    if (state.status !== 'ready' || nextKey !== key) return;
    const settled =
      !state.history.hasChanges && (before.history.hasChanges || state.version !== before.version);
    if (settled) {
      // Published (or every change undone): nothing is left that the server does not have.
      localStorage.removeItem(nextKey);
      offers.setState({ offer: null });
      return;
    }
    if (state.nodes !== before.nodes && state.history.hasChanges) {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => whenIdle(save), SAVE_DELAY_MS);
    }
  });

  return {
    offers,
    /** Puts the kept draft on the board as one change. */
    restore() {
      const state = editor.store.getState();
      if (state.botId === null) return;
      const draft = readDraft(keyOf(state.botId, state.flowName));
      offers.setState({ offer: null });
      if (draft) editor.edit(replaceAllChanges(state.nodes, draft.nodes));
    },
    discard() {
      const state = editor.store.getState();
      if (state.botId !== null) localStorage.removeItem(keyOf(state.botId, state.flowName));
      offers.setState({ offer: null });
    },
    stop() {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    },
  };
}
