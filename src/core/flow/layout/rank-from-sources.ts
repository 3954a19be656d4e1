import type { graphlib } from '@dagrejs/dagre';

// A dagre ranker for large parts: each node's layer is the longest path to it from a node nothing
// leads to (as early as its links allow). dagre's own "longest-path" ranks from the other end
// (as late as possible), which on a chatbot flow (one entry fanning out to many dead ends) pushes
// every short branch's start far left of its end, and dagre then fills each long link with a
// dummy node per layer: on the 1,000-node bench flow that was most of the layout's time.
// Network simplex ranks best but took ~18 s there.

type Graph = graphlib.Graph;

/**
 * Sets `rank` on every node of dagre's internal (acyclic) graph: 0 for a node without incoming
 * links, else the largest `rank + minlen` over its incoming links. Kahn's order, linear time.
 */
export function rankFromSources(graph: Graph): void {
  const waiting = new Map<string, number>();
  const ready: string[] = [];
  for (const v of graph.nodes()) {
    const count = graph.inEdges(v)?.length ?? 0;
    waiting.set(v, count);
    if (count === 0) ready.push(v);
    (graph.node(v) as { rank?: number }).rank = 0;
  }
  for (let i = 0; i < ready.length; i++) {
    const v = ready[i];
    const rank = (graph.node(v) as { rank: number }).rank;
    for (const edge of graph.outEdges(v) ?? []) {
      const label = graph.edge(edge) as { minlen?: number };
      const to = graph.node(edge.w) as { rank: number };
      to.rank = Math.max(to.rank, rank + (label.minlen ?? 1));
      const left = waiting.get(edge.w)! - 1;
      waiting.set(edge.w, left);
      if (left === 0) ready.push(edge.w);
    }
  }
}
