import type { NodeStore } from './changes';
import { byIndex, patchNode, type FlowDiff } from './diff';
import { IncomingLinks } from './incoming-links';
import type { FlowNode, NodeId } from './schema';

/**
 * The worker's copy of the flow: nodes by id for O(1) edits, plus the node order so that undoing
 * a delete puts the node back at its index (the main thread's array order must match exactly),
 * and, from the first delete on, the links into each node so that recording a delete does not
 * read the whole flow (built then rather than on load, which stays as quick as it was).
 */
export interface Replica {
  byId: Map<NodeId, FlowNode>;
  order: NodeId[];
  links: IncomingLinks | null;
}

export function createReplica(nodes: readonly FlowNode[] = []): Replica {
  return {
    byId: new Map(nodes.map((node) => [node.id, node])),
    order: nodes.map((node) => node.id),
    links: null,
  };
}

export function replicaNodes(replica: Replica): FlowNode[] {
  return replica.order.map((id) => replica.byId.get(id)!);
}

/**
 * Id → index in `order`. The few lookups of a typical diff (one added or removed node) are plain
 * scans; past a handful, one map of the whole order answers the rest.
 */
export function positionsOf(order: readonly NodeId[]): (id: NodeId) => number {
  let scans = 0;
  let map: Map<NodeId, number> | null = null;
  return (id) => {
    if (!map && ++scans <= 8) return order.indexOf(id);
    map ??= new Map(order.map((each, i) => [each, i]));
    return map.get(id) ?? -1;
  };
}

/** Applies a diff to the replica, the same way applyDiff does to an array. */
export function applyDiffToReplica(replica: Replica, diff: FlowDiff): void {
  if (diff.removed.length > 0) {
    const removed = new Set(diff.removed.map((entry) => entry.node.id));
    for (const id of removed) {
      replica.links?.replace(replica.byId.get(id), undefined);
      replica.byId.delete(id);
    }
    replica.order = replica.order.filter((id) => !removed.has(id));
  }
  for (const { id, keys } of diff.changed) {
    const node = replica.byId.get(id);
    if (!node) continue;
    const patched = patchNode(node, keys);
    replica.links?.replace(node, patched);
    replica.byId.set(id, patched);
  }
  for (const { node, index } of byIndex(diff.added)) {
    replica.links?.replace(undefined, node);
    replica.byId.set(node.id, node);
    replica.order.splice(Math.min(index, replica.order.length), 0, node.id);
  }
}

/**
 * A store over the replica that remembers, for every node it touches, the node as it was before
 * the first touch (undefined when it did not exist) and, once the order changes, the order before
 * it. That is all a diff needs, however many edits happen in between.
 */
export interface Recording {
  before: Map<NodeId, FlowNode | undefined>;
  orderBefore: NodeId[] | null;
}

export function recordingStore(replica: Replica, recording: Recording): NodeStore {
  const touch = (id: NodeId) => {
    if (!recording.before.has(id)) recording.before.set(id, replica.byId.get(id));
  };
  const orderChanging = () => {
    recording.orderBefore ??= replica.order.slice();
  };
  const get = (id: NodeId) => replica.byId.get(id);
  return {
    get,
    values: () => replica.byId.values(),
    linkedTo(id) {
      replica.links ??= new IncomingLinks(replica.byId.values());
      return replica.links.sourcesOf(id).flatMap((source) => get(source) ?? []);
    },
    put(node) {
      touch(node.id);
      replica.links?.replace(replica.byId.get(node.id), node);
      replica.byId.set(node.id, node);
    },
    add(node) {
      touch(node.id);
      orderChanging();
      replica.links?.replace(undefined, node);
      replica.byId.set(node.id, node);
      replica.order.push(node.id);
    },
    remove(id) {
      touch(id);
      orderChanging();
      replica.links?.replace(replica.byId.get(id), undefined);
      replica.byId.delete(id);
      const i = replica.order.indexOf(id);
      if (i >= 0) replica.order.splice(i, 1);
    },
  };
}
