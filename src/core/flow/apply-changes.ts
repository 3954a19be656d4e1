import { applyChange, type FlowChange, type NodeStore } from './changes';
import { handLinksIndex, linksIndexOf, type IncomingLinks } from './incoming-links';
import type { FlowNode, NodeId } from './schema';

/**
 * Applies changes to a node array and returns the new array (xyflow's applyNodeChanges): nodes a
 * change did not touch keep their identity, and when nothing changed the same array comes back.
 * An index of the array's links (indexLinks) is kept up to date and handed on to the result.
 */
export function applyChanges(nodes: readonly FlowNode[], changes: readonly FlowChange[]): FlowNode[] {
  if (changes.length === 0) return nodes as FlowNode[];
  const links = linksIndexOf(nodes);
  const store = arrayStore(nodes, links);
  for (const change of changes) applyChange(store, change);
  const result = store.result();
  if (links) handLinksIndex(nodes, result, links);
  return result;
}

/** Lookups answered by a plain scan before an id → index map is worth building. */
const SCANS_BEFORE_INDEX = 8;

/**
 * A copy-on-write store over an array. Removed slots are left as holes and compacted once at the
 * end, so deleting several nodes costs one pass rather than one splice each; since nothing moves
 * until then, every position found is remembered. The few lookups of a typical edit (a move, a
 * link) scan the array instead of building a 10,000-entry map first.
 */
function arrayStore(
  nodes: readonly FlowNode[],
  links: IncomingLinks | undefined,
): NodeStore & { result(): FlowNode[] } {
  let work: (FlowNode | undefined)[] | null = null;
  let index: Map<NodeId, number> | null = null;
  const known = new Map<NodeId, number>();
  let scans = 0;
  const holes: number[] = [];
  const items = () => work ?? nodes;
  const writable = () => (work ??= nodes.slice());

  function indexOf(id: NodeId): number | undefined {
    const seen = known.get(id);
    if (seen !== undefined) return seen;
    if (!index && ++scans <= SCANS_BEFORE_INDEX) {
      const i = items().findIndex((node) => node?.id === id);
      if (i < 0) return undefined;
      known.set(id, i);
      return i;
    }
    if (!index) {
      index = new Map();
      items().forEach((node, i) => node && index!.set(node.id, i));
    }
    return index.get(id);
  }

  const get = (id: NodeId) => {
    const i = indexOf(id);
    return i === undefined ? undefined : items()[i];
  };

  return {
    get,
    values() {
      // Without holes the array itself is the iterable: no generator step per node.
      return holes.length > 0 ? present(items()) : (items() as FlowNode[]);
    },
    linkedTo: links && ((id) => links.sourcesOf(id).flatMap((source) => get(source) ?? [])),
    put(node) {
      const i = indexOf(node.id);
      if (i === undefined) return;
      links?.replace(items()[i], node);
      writable()[i] = node;
    },
    add(node) {
      const i = writable().push(node) - 1;
      links?.replace(undefined, node);
      known.set(node.id, i);
      index?.set(node.id, i);
    },
    remove(id) {
      const i = indexOf(id);
      if (i === undefined) return;
      links?.replace(items()[i], undefined);
      writable()[i] = undefined;
      known.delete(id);
      index?.delete(id);
      holes.push(i);
    },
    result() {
      if (!work) return nodes as FlowNode[];
      // One removal (a delete) is a single native move; several are compacted in one pass.
      if (holes.length === 1) work.splice(holes[0], 1);
      else if (holes.length > 1) work = work.filter((node) => node !== undefined);
      return work as FlowNode[];
    },
  };
}

function* present(nodes: readonly (FlowNode | undefined)[]): Generator<FlowNode> {
  for (const node of nodes) if (node) yield node;
}
