import { applyChange, type FlowChange, type NodeStore } from './changes';
import type { FlowNode, NodeId } from './schema';

/**
 * Applies changes to a node array and returns the new array (xyflow's applyNodeChanges): nodes a
 * change did not touch keep their identity, and when nothing changed the same array comes back.
 */
export function applyChanges(nodes: readonly FlowNode[], changes: readonly FlowChange[]): FlowNode[] {
  if (changes.length === 0) return nodes as FlowNode[];
  const store = arrayStore(nodes);
  for (const change of changes) applyChange(store, change);
  return store.result();
}

/** Lookups answered by a plain scan before an id → index map is worth building. */
const SCANS_BEFORE_INDEX = 8;

/**
 * A copy-on-write store over an array. Removed slots are left as holes and compacted once at the
 * end, so deleting several nodes costs one pass rather than one splice each. The few lookups of a
 * typical edit (a move, a link) scan the array instead of building a 10,000-entry map first.
 */
function arrayStore(nodes: readonly FlowNode[]): NodeStore & { result(): FlowNode[] } {
  let work: (FlowNode | undefined)[] | null = null;
  let index: Map<NodeId, number> | null = null;
  let scans = 0;
  let holes = false;
  const items = () => work ?? nodes;
  const writable = () => (work ??= nodes.slice());

  function indexOf(id: NodeId): number | undefined {
    if (!index && ++scans <= SCANS_BEFORE_INDEX) {
      const i = items().findIndex((node) => node?.id === id);
      return i < 0 ? undefined : i;
    }
    if (!index) {
      index = new Map();
      items().forEach((node, i) => node && index!.set(node.id, i));
    }
    return index.get(id);
  }

  return {
    get(id) {
      const i = indexOf(id);
      return i === undefined ? undefined : items()[i];
    },
    values() {
      // Without holes the array itself is the iterable: no generator step per node.
      return holes ? present(items()) : (items() as FlowNode[]);
    },
    put(node) {
      const i = indexOf(node.id);
      if (i !== undefined) writable()[i] = node;
    },
    add(node) {
      const i = writable().push(node) - 1;
      index?.set(node.id, i);
    },
    remove(id) {
      const i = indexOf(id);
      if (i === undefined) return;
      writable()[i] = undefined;
      index?.delete(id);
      holes = true;
    },
    result() {
      if (!work) return nodes as FlowNode[];
      return holes ? work.filter((node): node is FlowNode => node !== undefined) : (work as FlowNode[]);
    },
  };
}

function* present(nodes: readonly (FlowNode | undefined)[]): Generator<FlowNode> {
  for (const node of nodes) if (node) yield node;
}
