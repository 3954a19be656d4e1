import { createStore } from 'zustand/vanilla';
import type { FlowChange, FlowNode } from '../../../core/flow';
import type { FlowEditor } from '../store/flow-editor';
import { whenIdle } from '../when-idle';
import { draftKey, readDraft, removeDraft, writeDraft, type SavedDraft } from './draft-store';

// Issue 20 §4: the draft is kept in this browser as the author edits, so a closed tab (or a
// crash) loses nothing: opening the flow again offers to restore it. A publish clears it. Kept in
// IndexedDB (draft-store.ts), so a 10,000-node draft is kept too.

const SAVE_DELAY_MS = 800;

export interface DraftOffer {
  savedAt: number;
  nodeCount: number;
}

/** A draft store failure is never the author's problem: it is logged, the editor carries on. */
const warn = (what: string) => (error: unknown) => console.warn(`The draft could not be ${what}`, error);

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
  /** Counts flow openings, so a late read for an earlier opening offers nothing. */
  let opening = 0;

  const save = () => {
    timer = null;
    const state = editor.store.getState();
    if (state.status !== 'ready' || !state.history.hasChanges || state.botId === null) return;
    const draft: SavedDraft = { base: state.version, savedAt: Date.now(), nodes: state.nodes };
    writeDraft(draftKey(state.botId, state.flowName), draft).catch(warn('kept in this browser'));
  };

  const offer = async (forKey: string, ticket: number, nodes: readonly FlowNode[]) => {
    const draft = await readDraft(forKey);
    if (ticket !== opening) return;
    const differs = draft && JSON.stringify(draft.nodes) !== JSON.stringify(nodes);
    offers.setState({ offer: differs ? { savedAt: draft.savedAt, nodeCount: draft.nodes.length } : null });
  };

  const unsubscribe = editor.store.subscribe((state, before) => {
    if (state.botId === null) return;
    const nextKey = draftKey(state.botId, state.flowName);
    if (state.status === 'ready' && state.opened !== before.opened) {
      // A flow opened: offer its kept draft, if it differs from what opened.
      key = nextKey;
      offers.setState({ offer: null });
      offer(nextKey, ++opening, state.nodes).catch(warn('read'));
      return;
    }
    if (state.status !== 'ready' || nextKey !== key) return;
    const settled =
      !state.history.hasChanges && (before.history.hasChanges || state.version !== before.version);
    if (settled) {
      // Published (or every change undone): nothing is left that the server does not have.
      opening++;
      removeDraft(nextKey).catch(warn('removed'));
      offers.setState({ offer: null });
      return;
    }
    if (state.nodes !== before.nodes && state.history.hasChanges) {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => whenIdle(save), SAVE_DELAY_MS);
    }
  });

  // The tab hidden or closing with a save still waiting: keep the draft now, not after the delay.
  const flush = () => {
    if (timer === null || document.visibilityState !== 'hidden') return;
    clearTimeout(timer);
    save();
  };
  document.addEventListener('visibilitychange', flush);

  return {
    offers,
    /** Puts the kept draft on the board as one change. */
    async restore() {
      const state = editor.store.getState();
      if (state.botId === null) return;
      offers.setState({ offer: null });
      const draft = await readDraft(draftKey(state.botId, state.flowName)).catch(warn('read'));
      const now = editor.store.getState();
      if (draft && now.botId === state.botId && now.flowName === state.flowName) {
        editor.edit(replaceAllChanges(now.nodes, draft.nodes));
      }
    },
    discard() {
      const state = editor.store.getState();
      if (state.botId !== null) removeDraft(draftKey(state.botId, state.flowName)).catch(warn('removed'));
      offers.setState({ offer: null });
    },
    stop() {
      unsubscribe();
      document.removeEventListener('visibilitychange', flush);
      if (timer !== null) clearTimeout(timer);
    },
  };
}
