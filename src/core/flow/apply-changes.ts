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

/**
 * A copy-on-write store over an array. Removed slots are left as holes and compacted once at the
 * end, so deleting several nodes costs one pass rather than one splice each.
 */
function arrayStore(nodes: readonly FlowNode[]): NodeStore & { result(): FlowNode[] } {
  let work: (FlowNode | undefined)[] | null = null;
  let index: Map<NodeId, number> | null = null;
  let holes = false;
  const items = () => work ?? nodes;
  const positions = () => (index ??= new Map(nodes.map((node, i) => [node.id, i])));
  const writable = () => (work ??= nodes.slice());

  return {
    get(id) {
      const i = positions().get(id);
      return i === undefined ? undefined : items()[i];
    },
    *values() {
      for (const node of items()) if (node) yield node;
    },
    put(node) {
      const i = positions().get(node.id);
      if (i !== undefined) writable()[i] = node;
    },
    add(node) {
      const i = writable().push(node) - 1;
      positions().set(node.id, i);
    },
    remove(id) {
      const i = positions().get(id);
      if (i === undefined) return;
      writable()[i] = undefined;
      positions().delete(id);
      holes = true;
    },
    result() {
      if (!work) return nodes as FlowNode[];
      return holes ? work.filter((node): node is FlowNode => node !== undefined) : (work as FlowNode[]);
    },
  };
}
