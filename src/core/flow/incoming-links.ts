import type { FlowNode, NodeId } from './schema';
import { nodeTargets } from './targets';

// Deleting a node clears every pointer to it (spec 2 §4). Without an index that means reading all
// nodes of the flow; with one it costs the few nodes that point there. The index belongs to one
// node list: applyChanges and applyDiff update it and hand it on to the list they return, so an
// index can never describe a list other than the one it is attached to. A list without one is
// simply scanned.

/** For each node, the nodes pointing at it (slots and failure targets, as nodeTargets lists them). */
export class IncomingLinks {
  // target → the ids of the nodes pointing at it, once per pointer (a node may name it twice).
  private readonly sources = new Map<NodeId, NodeId[]>();

  constructor(nodes: Iterable<FlowNode> = []) {
    for (const node of nodes) this.replace(undefined, node);
  }

  /** Notes that a node changed from `before` to `after` (undefined: not there). */
  replace(before: FlowNode | undefined, after: FlowNode | undefined): void {
    if (before === after) return;
    if (before) for (const target of nodeTargets(before)) this.drop(target, before.id);
    if (after) {
      for (const target of nodeTargets(after)) {
        const list = this.sources.get(target);
        if (list) list.push(after.id);
        else this.sources.set(target, [after.id]);
      }
    }
  }

  /** The ids of the nodes pointing at `id` (each once; may include `id` itself). */
  sourcesOf(id: NodeId): NodeId[] {
    const list = this.sources.get(id);
    return list ? [...new Set(list)] : [];
  }

  private drop(target: NodeId, source: NodeId): void {
    const list = this.sources.get(target);
    const at = list ? list.indexOf(source) : -1;
    if (at < 0) return;
    list![at] = list![list!.length - 1];
    list!.pop();
    if (list!.length === 0) this.sources.delete(target);
  }
}

const indexes = new WeakMap<readonly FlowNode[], IncomingLinks>();

/**
 * Gives a node list an index of its links (the editor does it once per opened flow). Lists that
 * applyChanges and applyDiff derive from it carry the index on.
 */
export function indexLinks(nodes: readonly FlowNode[]): IncomingLinks {
  let index = indexes.get(nodes);
  if (!index) indexes.set(nodes, (index = new IncomingLinks(nodes)));
  return index;
}

/** The index attached to this exact list, if any. */
export function linksIndexOf(nodes: readonly FlowNode[]): IncomingLinks | undefined {
  return indexes.get(nodes);
}

/**
 * Moves the index from `from` to `to`, the list it was updated into: `from` loses it, since the
 * index no longer describes it.
 */
export function handLinksIndex(
  from: readonly FlowNode[],
  to: readonly FlowNode[],
  index: IncomingLinks,
): void {
  if (from === to) return;
  indexes.delete(from);
  indexes.set(to, index);
}
