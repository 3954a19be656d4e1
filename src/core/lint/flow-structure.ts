import type { NodeId } from '../flow/schema';
import { cycles, flowGraph, reachableFrom } from './graph';

// The graph-wide facts of the lint (unreachable nodes, loops with no exit), computed once per
// shape of the flow: most edits (a move, a text typed, a rename) leave every link as it was, and
// then the last answer is given again without walking the graph.

/** What the graph rules need of one node (lint-flow.ts keeps it per node object). */
export interface NodeLinks {
  /** Every node it can lead to, failure paths included (nodeTargets). */
  targets: readonly NodeId[];
  /** A normal run can end the chat here (endings.ts canEndHere). */
  canEnd: boolean;
  /** It waits for the guest (endings.ts waitsForGuest). */
  waits: boolean;
}

/**
 * A loop the conversation cannot leave: a strongly connected component with a cycle (two or more
 * nodes reaching each other, or a node linked to itself) such that no member links to a node
 * outside it and no member can end the chat (canEnd: an unlinked default branch or an unlinked
 * choice option). Once a guest is in it, every path stays in it for ever. `waits` says whether
 * some member waits for the guest: if none does, the loop runs on its own until the interpreter
 * stops the turn (step.ts MAX_NODES_PER_TURN); if one does, the guest can only go round it.
 * A loop with an exit is never reported, even when the exit sits behind a condition: whether a
 * condition ever comes true is a question of the guest's data, not of the graph.
 */
export interface TrappingLoop {
  members: NodeId[];
  waits: boolean;
}

export interface FlowStructure {
  /** Reachable from the first node (the start). */
  reached: Set<NodeId>;
  /** Linked to by some node. */
  incoming: Set<NodeId>;
  trapping: TrappingLoop[];
}

function sameLinks(a: NodeLinks, b: NodeLinks): boolean {
  if (a === b) return true;
  if (a.canEnd !== b.canEnd || a.waits !== b.waits || a.targets.length !== b.targets.length) return false;
  return a.targets.every((id, i) => id === b.targets[i]);
}

function analyse(ids: readonly NodeId[], links: readonly NodeLinks[]): FlowStructure {
  const graph = flowGraph(
    ids,
    links.map((l) => l.targets),
  );
  const reached = reachableFrom(graph, ids[0]);
  const incoming = new Set<NodeId>();
  for (const targets of graph.out.values()) for (const id of targets) incoming.add(id);
  const byId = new Map(ids.map((id, i) => [id, links[i]]));
  const trapping: TrappingLoop[] = [];
  for (const component of cycles(graph)) {
    const inside = new Set(component);
    const exits = component.some(
      (id) => byId.get(id)!.canEnd || graph.out.get(id)!.some((to) => !inside.has(to)),
    );
    if (!exits) trapping.push({ members: component, waits: component.some((id) => byId.get(id)!.waits) });
  }
  return { reached, incoming, trapping };
}

/** The flow's structure, answered again without a graph walk while no node's links changed. */
export function createStructureCache() {
  let ids: readonly NodeId[] = [];
  let links: readonly NodeLinks[] = [];
  let last: FlowStructure | null = null;
  return (nextIds: readonly NodeId[], nextLinks: readonly NodeLinks[]): FlowStructure => {
    const unchanged =
      last !== null &&
      nextIds.length === ids.length &&
      nextIds.every((id, i) => id === ids[i] && sameLinks(nextLinks[i], links[i]));
    if (!unchanged) last = analyse(nextIds, nextLinks);
    ids = nextIds;
    links = nextLinks;
    return last!;
  };
}
