import type { NodeId } from '../flow/schema';

/** The flow as a graph: each node's distinct targets that exist in the flow. */
export interface FlowGraph {
  ids: NodeId[];
  out: Map<NodeId, NodeId[]>;
}

/** The graph of `ids`, each with its `targets` (may repeat, may name nodes that are gone). */
export function flowGraph(ids: readonly NodeId[], targets: readonly (readonly NodeId[])[]): FlowGraph {
  const present = new Set(ids);
  const out = new Map<NodeId, NodeId[]>();
  ids.forEach((id, i) => {
    const list = targets[i];
    out.set(
      id,
      list.length < 2
        ? list.filter((to) => present.has(to))
        : [...new Set(list)].filter((to) => present.has(to)),
    );
  });
  return { ids: [...ids], out };
}

/** The nodes a run starting at `start` can reach (breadth first, no recursion on 10k nodes). */
export function reachableFrom(graph: FlowGraph, start: NodeId | undefined): Set<NodeId> {
  const seen = new Set<NodeId>();
  if (start === undefined) return seen;
  const queue = [start];
  seen.add(start);
  for (let i = 0; i < queue.length; i++) {
    for (const next of graph.out.get(queue[i]) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/**
 * The strongly connected components that hold a cycle (two or more nodes, or a node linking to
 * itself), by Tarjan's algorithm written with an explicit stack so a long chain cannot overflow.
 */
export function cycles(graph: FlowGraph): NodeId[][] {
  const index = new Map<NodeId, number>();
  const low = new Map<NodeId, number>();
  const onStack = new Set<NodeId>();
  const stack: NodeId[] = [];
  const found: NodeId[][] = [];
  let counter = 0;
  for (const root of graph.ids) {
    if (index.has(root)) continue;
    const work: { id: NodeId; next: number }[] = [{ id: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = graph.out.get(frame.id) ?? [];
      if (frame.next < targets.length) {
        const to = targets[frame.next++];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ id: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.id, Math.min(low.get(frame.id)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].id;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.id)!));
      }
      if (low.get(frame.id) !== index.get(frame.id)) continue;
      const component: NodeId[] = [];
      let id: NodeId;
      do {
        id = stack.pop()!;
        onStack.delete(id);
        component.push(id);
      } while (id !== frame.id);
      const selfLoop = component.length === 1 && targets.includes(frame.id);
      if (component.length > 1 || selfLoop) found.push(component);
    }
  }
  return found;
}
