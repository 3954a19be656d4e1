import { handLinksIndex, linksIndexOf } from './incoming-links';
import type { FlowNode, NodeId } from './schema';

// History entries are diffs, not snapshots (tldraw's RecordsDiff, spec 2 §4): per node, added,
// removed, or changed key by key. A diff is small enough to post to and from the worker on every
// edit, and reversing it is swapping before and after.

/** A node with its position in the node list, so undoing a delete puts it back where it was. */
export interface PlacedNode {
  node: FlowNode;
  /** For added nodes, the index after the diff; for removed nodes, the index before it. */
  index: number;
}

/** One top-level key of a node. `undefined` means the key is absent. */
export interface KeyChange {
  key: string;
  before: unknown;
  after: unknown;
}

export interface NodeKeyChanges {
  id: NodeId;
  keys: KeyChange[];
}

export interface FlowDiff {
  added: PlacedNode[];
  removed: PlacedNode[];
  changed: NodeKeyChanges[];
}

export function isEmptyDiff(diff: FlowDiff): boolean {
  return diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0;
}

/** The diff that undoes `diff`. */
export function reverseDiff(diff: FlowDiff): FlowDiff {
  return {
    added: diff.removed,
    removed: diff.added,
    changed: diff.changed.map(({ id, keys }) => ({
      id,
      keys: keys.map(({ key, before, after }) => ({ key, before: after, after: before })),
    })),
  };
}

/** The keys that differ between two versions of a node (compared by value, not identity). */
export function keyChanges(before: FlowNode, after: FlowNode): KeyChange[] {
  const changes: KeyChange[] = [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    const b = (before as Record<string, unknown>)[key];
    const a = (after as Record<string, unknown>)[key];
    if (!sameValue(b, a)) changes.push({ key, before: b, after: a });
  }
  return changes;
}

/** Applies key changes to a node, returning a new node (the input is never mutated). */
export function patchNode(node: FlowNode, keys: readonly KeyChange[]): FlowNode {
  const patched: Record<string, unknown> = { ...node };
  for (const { key, after } of keys) {
    if (after === undefined) delete patched[key];
    // defineProperty, not assignment: a saved key named __proto__ must stay a plain key.
    else
      Object.defineProperty(patched, key, {
        value: after,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return patched as FlowNode;
}

/**
 * Applies a diff to a node array (the main thread's side of undo and redo). Nodes the diff does
 * not name keep their identity. The array must be in the state the diff starts from.
 */
export function applyDiff(nodes: readonly FlowNode[], diff: FlowDiff): FlowNode[] {
  if (isEmptyDiff(diff)) return nodes as FlowNode[];
  // The list's link index (incoming-links.ts), if it has one, follows every node replaced here.
  const links = linksIndexOf(nodes);
  let result: FlowNode[] = nodes.slice();
  if (diff.removed.length > 0) {
    const removed = new Set(diff.removed.map((entry) => entry.node.id));
    result = result.filter((node) => {
      if (!removed.has(node.id)) return true;
      links?.replace(node, undefined);
      return false;
    });
  }
  if (diff.changed.length > 0) {
    // Undoing a move names one node: a scan is cheaper than an id map of the whole flow.
    const positions = diff.changed.length > 8 ? new Map(result.map((node, i) => [node.id, i])) : null;
    for (const { id, keys } of diff.changed) {
      const i = positions ? (positions.get(id) ?? -1) : result.findIndex((node) => node.id === id);
      if (i < 0) continue;
      const patched = patchNode(result[i], keys);
      links?.replace(result[i], patched);
      result[i] = patched;
    }
  }
  for (const { node, index } of byIndex(diff.added)) {
    result.splice(Math.min(index, result.length), 0, node);
    links?.replace(undefined, node);
  }
  if (links) handLinksIndex(nodes, result, links);
  return result;
}

/** Added nodes in ascending index order: inserting them so leaves each at its recorded index. */
export function byIndex(entries: readonly PlacedNode[]): PlacedNode[] {
  return entries.length < 2 ? (entries as PlacedNode[]) : [...entries].sort((a, b) => a.index - b.index);
}

/** Deep equality for JSON-like node values; cheap when the values are the same object. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => sameValue(item, other[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && sameValue(left[key], right[key]));
}
