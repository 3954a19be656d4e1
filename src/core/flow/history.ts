import { applyChange, type FlowChange } from './changes';
import { isEmptyDiff, keyChanges, reverseDiff, type FlowDiff } from './diff';
import {
  applyDiffToReplica,
  createReplica,
  positionsOf,
  recordingStore,
  replicaNodes,
  type Recording,
  type Replica,
} from './replica';
import type { FlowNode, NodeId } from './schema';

// Undo and redo as diffs (spec 2 §4, tldraw's HistoryManager): the history keeps a replica of the
// flow, applies each change list to it, and pushes the difference it made. A gesture (a drag) is
// recorded the same way but closed only at its end, so it is one entry however many frames it
// lasted. Loading a flow never enters history.

export interface HistoryState {
  canUndo: boolean;
  canRedo: boolean;
  /** Entries that undo can step back through. */
  depth: number;
  redoDepth: number;
  /** Whether the flow differs from the one loaded or last saved (publish is offered then). */
  hasChanges: boolean;
}

export interface HistoryOptions {
  /** The oldest entries are dropped beyond this many (depth is not part of the product's contract). */
  limit?: number;
}

export type FlowHistory = ReturnType<typeof createHistory>;

export function createHistory(options: HistoryOptions = {}) {
  const limit = options.limit ?? 1000;
  let replica: Replica = createReplica();
  let undos: FlowDiff[] = [];
  let redos: FlowDiff[] = [];
  // Set when an entry fell off the bottom: undoing everything left no longer reaches the saved flow.
  let trimmed = false;
  let pending: Recording | null = null;
  let inGesture = false;

  const open = (): Recording => (pending ??= { before: new Map(), orderBefore: null });

  /** Turns what the open recording touched into one entry. */
  function close(): void {
    const recording = pending;
    pending = null;
    if (!recording) return;
    const diff = diffOf(replica, recording);
    if (isEmptyDiff(diff)) return;
    undos.push(diff);
    if (undos.length > limit) {
      undos.shift();
      trimmed = true;
    }
    redos = [];
  }

  function state(): HistoryState {
    return {
      canUndo: undos.length > 0,
      canRedo: redos.length > 0,
      depth: undos.length,
      redoDepth: redos.length,
      hasChanges: undos.length > 0 || trimmed,
    };
  }

  /** Replaces the replica (a flow opened or reloaded) and forgets all history. */
  function load(nodes: readonly FlowNode[]): HistoryState {
    replica = createReplica(nodes);
    undos = [];
    redos = [];
    trimmed = false;
    pending = null;
    inGesture = false;
    return state();
  }

  /** Applies changes to the replica and records them (into the open gesture, if there is one). */
  function record(changes: readonly FlowChange[]): HistoryState {
    const store = recordingStore(replica, open());
    for (const change of changes) applyChange(store, change);
    if (!inGesture) close();
    return state();
  }

  function beginGesture(): HistoryState {
    if (!inGesture) close();
    inGesture = true;
    return state();
  }

  function endGesture(): HistoryState {
    inGesture = false;
    close();
    return state();
  }

  /** Steps back one entry; returns the diff the main thread applies, or null when there is none. */
  function undo(): FlowDiff | null {
    endGesture();
    const entry = undos.pop();
    if (!entry) return null;
    const diff = reverseDiff(entry);
    applyDiffToReplica(replica, diff);
    redos.push(entry);
    return diff;
  }

  function redo(): FlowDiff | null {
    endGesture();
    const entry = redos.pop();
    if (!entry) return null;
    applyDiffToReplica(replica, entry);
    undos.push(entry);
    return entry;
  }

  /** After a save: the saved flow is the new starting point, with nothing to undo or redo. */
  function clear(): HistoryState {
    endGesture();
    undos = [];
    redos = [];
    trimmed = false;
    return state();
  }

  /** The replica's nodes in order (for tests and for resynchronising, never per edit). */
  function nodes(): FlowNode[] {
    return replicaNodes(replica);
  }

  /** One node of the replica by id (what per-edit work reads, rather than the whole list). */
  function node(id: NodeId): FlowNode | undefined {
    return replica.byId.get(id);
  }

  return { load, record, beginGesture, endGesture, undo, redo, clear, state, nodes, node };
}

function diffOf(replica: Replica, recording: Recording): FlowDiff {
  const diff: FlowDiff = { added: [], removed: [], changed: [] };
  const after = recording.orderBefore ? positionsOf(replica.order) : null;
  const before = recording.orderBefore ? positionsOf(recording.orderBefore) : null;
  for (const [id, old] of recording.before) {
    const now = replica.byId.get(id);
    if (!old && now) diff.added.push({ node: now, index: after!(id) });
    else if (old && !now) diff.removed.push({ node: old, index: before!(id) });
    else if (old && now && old !== now) {
      const keys = keyChanges(old, now);
      if (keys.length > 0) diff.changed.push({ id, keys });
    }
  }
  return diff;
}
