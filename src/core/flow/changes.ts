import { duplicateName } from '../rules/names';
import type { FlowNode, NodeId } from './schema';
import { linksTo, withTargetsCleared } from './targets';

/** Spec 2 §9: a duplicate sits 20 to the right of and 20 below its original. */
export const DUPLICATE_OFFSET = 20;

/**
 * Every edit of the board, as data (xyflow's NodeChange in spirit): gestures and programmatic
 * edits travel the same path, and the same change list is applied on the main thread and on the
 * worker's replica, so both end in the same state.
 */
export type FlowChange =
  | { type: 'add'; node: FlowNode }
  | { type: 'move'; id: NodeId; x: number; y: number }
  | { type: 'delete'; id: NodeId }
  | { type: 'duplicate'; id: NodeId; newId: NodeId }
  | { type: 'link'; from: NodeId; slot: number; to: NodeId }
  | { type: 'unlink'; from: NodeId; slot: number }
  | { type: 'update'; node: FlowNode };

/**
 * What a change needs of the nodes it edits. The main thread backs it with an array, the worker
 * with a Map, so neither has to copy the other's shape.
 */
export interface NodeStore {
  get(id: NodeId): FlowNode | undefined;
  values(): Iterable<FlowNode>;
  /** Replaces the node of the same id. */
  put(node: FlowNode): void;
  /** Appends a node whose id is not in the store. */
  add(node: FlowNode): void;
  remove(id: NodeId): void;
  /** The nodes pointing at `id`, when the store keeps an index of links (else found by a scan). */
  linkedTo?(id: NodeId): FlowNode[];
}

/**
 * Applies one change to the store. A change that does not fit the nodes (an unknown id, an id
 * already taken, a missing slot) does nothing: the store is never left half-edited.
 */
export function applyChange(store: NodeStore, change: FlowChange): void {
  switch (change.type) {
    case 'add':
      if (!store.get(change.node.id)) store.add(change.node);
      return;
    case 'update':
      if (store.get(change.node.id)) store.put(change.node);
      return;
    case 'move': {
      const node = store.get(change.id);
      if (node && (node.x !== change.x || node.y !== change.y))
        store.put({ ...node, x: change.x, y: change.y });
      return;
    }
    case 'delete':
      return deleteNode(store, change.id);
    case 'duplicate':
      return duplicateNode(store, change.id, change.newId);
    case 'link':
      if (!store.get(change.to)) return;
      return setSlotTarget(store, change.from, change.slot, change.to);
    case 'unlink':
      return setSlotTarget(store, change.from, change.slot, null);
  }
}

/** Spec 2 §4: deleting a node removes every link to it and clears the failure targets naming it. */
function deleteNode(store: NodeStore, id: NodeId): void {
  if (!store.get(id)) return;
  // From the store's index when it keeps one; else one allocation-free scan, made before the
  // removal so that an array-backed store can still hand its array over as is (no holes yet).
  let linked = store.linkedTo?.(id);
  if (!linked) {
    linked = [];
    for (const node of store.values()) if (linksTo(node, id)) linked.push(node);
  }
  store.remove(id);
  linked = linked.filter((node) => node.id !== id);
  for (const node of linked) store.put(withTargetsCleared(node, (target) => target !== id));
}

/** Spec 2 §4: `-copy` / `-copy_N` name, offset by 20 on both axes, and no links at all. */
function duplicateNode(store: NodeStore, id: NodeId, newId: NodeId): void {
  const original = store.get(id);
  if (!original || store.get(newId)) return;
  const names: string[] = [];
  for (const node of store.values()) names.push(node.name);
  const copy: FlowNode = {
    ...structuredClone(original),
    id: newId,
    name: duplicateName(original.name, names),
    x: original.x + DUPLICATE_OFFSET,
    y: original.y + DUPLICATE_OFFSET,
    isNew: true,
  };
  store.add(withTargetsCleared(copy, () => false));
}

function setSlotTarget(store: NodeStore, from: NodeId, slotId: number, target: NodeId | null): void {
  const node = store.get(from);
  const slot = node?.next.find((s) => s.id === slotId);
  if (!node || !slot || slot.node === target) return;
  store.put({ ...node, next: node.next.map((s) => (s === slot ? { ...s, node: target } : s)) });
}
