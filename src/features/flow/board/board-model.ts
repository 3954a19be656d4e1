import type { FlowNode, NodeId } from '../../../core/flow';
import { curveBox, nodeBox, nodeLinkCurve, type Box, type Curve } from './geometry';
import { SpatialGrid } from './spatial-grid';

// What the board derives from the node list: nodes by id, the drawn links, and spatial grids for
// both. It is updated in place from one node list to the next: only the nodes whose object changed
// (the store replaces a node whenever it edits it) are re-indexed, so an edit of a 10,000-node flow
// costs one identity scan plus the work for the nodes it touched.

/** A drawn link: the slot `slotId` (at position `slotIndex`) of `from` leads to `to`. */
export interface BoardLink {
  id: string;
  from: NodeId;
  slotId: number;
  slotIndex: number;
  to: NodeId;
  curve: Curve;
}

/** The id a link goes by (in the test hook, the selection and the delete button). */
export function linkId(from: NodeId, slotId: number): string {
  return `${from}:${slotId}`;
}

/** What one update touched: nodes changed, added or removed, and links drawn, moved or removed. */
export interface ModelChanges {
  nodes: Set<NodeId>;
  links: Set<string>;
}

export class BoardModel {
  nodes: readonly FlowNode[] = [];
  readonly links = new Map<string, BoardLink>();
  private readonly byId = new Map<NodeId, FlowNode>();
  /** Drawing order: later nodes are drawn (and hit) on top. */
  private readonly order = new Map<NodeId, number>();
  private nextOrder = 0;
  private readonly outgoing = new Map<NodeId, BoardLink[]>();
  private readonly incoming = new Map<NodeId, string[]>();
  /** Links whose target is not (yet) on the board, by that target: drawn once it arrives. */
  private readonly waiting = new Map<NodeId, Set<NodeId>>();
  private readonly nodeGrid = new SpatialGrid<NodeId>();
  private readonly linkGrid = new SpatialGrid<string>();
  /** Where the running update notes what it touches (none outside an update that asked). */
  private touched: ModelChanges | null = null;

  /**
   * Brings the model to `nodes`; answers whether anything changed. With `touched`, also notes the
   * nodes and links it changed there, so a renderer can redraw just those.
   */
  update(nodes: readonly FlowNode[], touched?: ModelChanges): boolean {
    if (nodes === this.nodes) return false;
    const { changed, removed } = this.differences(nodes);
    this.nodes = nodes;
    this.touched = touched ?? null;
    try {
      this.apply(changed, removed);
    } finally {
      this.touched = null;
    }
    return changed.length > 0 || removed.length > 0;
  }

  private apply(changed: readonly FlowNode[], removed: readonly NodeId[]): void {
    if (this.touched) {
      for (const id of removed) this.touched.nodes.add(id);
      for (const node of changed) this.touched.nodes.add(node.id);
    }
    for (const id of removed) this.removeNode(id);
    const relink = new Set<NodeId>();
    for (const node of changed) {
      const isNew = !this.byId.has(node.id);
      this.byId.set(node.id, node);
      if (isNew) this.order.set(node.id, this.nextOrder++);
      this.nodeGrid.set(node.id, nodeBox(node));
      relink.add(node.id);
      const sources = this.waiting.size > 0 ? this.waiting.get(node.id) : undefined;
      if (sources) {
        for (const source of sources) relink.add(source);
        this.waiting.delete(node.id);
      }
    }
    for (const id of relink) this.relinkFrom(id);
    // Links into a moved node follow it.
    for (const node of changed) {
      const into = this.incoming.get(node.id);
      if (!into) continue;
      for (const id of into) {
        const link = this.links.get(id);
        if (link && !relink.has(link.from)) this.placeLink(link);
      }
    }
  }

  node(id: NodeId): FlowNode | undefined {
    return this.byId.get(id);
  }

  /** Drawing order of a node (higher is on top), or -1. */
  rank(id: NodeId): number {
    return this.order.get(id) ?? -1;
  }

  nodesIn(area: Box): FlowNode[] {
    return this.nodeGrid.search(area).map((id) => this.byId.get(id)!);
  }

  /** Whether any node touches the area (finding a free spot for a new node). */
  anyNodeIn(area: Box): boolean {
    return this.nodeGrid.any(area);
  }

  linksIn(area: Box): BoardLink[] {
    return this.linkGrid.search(area).map((id) => this.links.get(id)!);
  }

  /** The links leaving or entering a node. */
  linksOf(id: NodeId): BoardLink[] {
    const links = [...(this.outgoing.get(id) ?? [])];
    for (const linkId of this.incoming.get(id) ?? []) {
      const link = this.links.get(linkId);
      if (link && link.from !== id) links.push(link);
    }
    return links;
  }

  /** The bounds of every node, or null for an empty flow (a full scan: for fitting the view). */
  bounds(): Box | null {
    if (this.nodes.length === 0) return null;
    const all = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    for (const node of this.nodes) {
      const box = nodeBox(node);
      all.minX = Math.min(all.minX, box.minX);
      all.minY = Math.min(all.minY, box.minY);
      all.maxX = Math.max(all.maxX, box.maxX);
      all.maxY = Math.max(all.maxY, box.maxY);
    }
    return all;
  }

  /**
   * The nodes whose object is new or different, and the ids no longer present. Edits keep the
   * order of the nodes they leave (a move or link replaces a node in place, an add appends, a delete
   * or an undo removes or reinserts at an index), so one walk over both lists by identity finds
   * them all; only a reordered list falls back to comparing by id.
   */
  private differences(nodes: readonly FlowNode[]): { changed: FlowNode[]; removed: NodeId[] } {
    return this.walk(nodes) ?? this.compareById(nodes);
  }

  /** Both lists side by side: same object, same id (changed), new id (added), or a removal. */
  private walk(nodes: readonly FlowNode[]): { changed: FlowNode[]; removed: NodeId[] } | null {
    const previous = this.nodes;
    const changed: FlowNode[] = [];
    const removed: NodeId[] = [];
    let i = 0;
    let j = 0;
    for (;;) {
      // Long runs of untouched nodes go through a loop with no other branch, which the engine
      // keeps compiled whichever kinds of difference the edits before it had.
      const run = sameRun(previous, i, nodes, j);
      i += run;
      j += run;
      if (j >= nodes.length) break;
      const node = nodes[j];
      const old = i < previous.length ? previous[i] : undefined;
      if (old && old.id === node.id) {
        changed.push(node);
        i++;
        j++;
      } else if (!this.byId.has(node.id)) {
        changed.push(node);
        j++;
      } else if (old) {
        // The node was on the board further on: the one here is gone (or the list was reordered,
        // in which case this walk runs off the end of the old list and gives up below).
        removed.push(old.id);
        i++;
      } else {
        return null;
      }
    }
    for (; i < previous.length; i++) removed.push(previous[i].id);
    return { changed, removed };
  }

  private compareById(nodes: readonly FlowNode[]): { changed: FlowNode[]; removed: NodeId[] } {
    const changed: FlowNode[] = [];
    let added = 0;
    for (const node of nodes) {
      const before = this.byId.get(node.id);
      if (before === node) continue;
      if (!before) added += 1;
      changed.push(node);
    }
    const removed: NodeId[] = [];
    if (this.byId.size + added > nodes.length) {
      const present = new Set(nodes.map((node) => node.id));
      for (const id of this.byId.keys()) if (!present.has(id)) removed.push(id);
    }
    return { changed, removed };
  }

  private removeNode(id: NodeId): void {
    for (const link of this.outgoing.get(id) ?? []) this.removeLink(link);
    this.outgoing.delete(id);
    // A copy: removing each link edits the list.
    for (const linkId of [...(this.incoming.get(id) ?? [])]) {
      const link = this.links.get(linkId);
      if (!link) continue;
      this.removeLink(link);
      const rest = this.outgoing.get(link.from)?.filter((l) => l !== link);
      if (rest) this.outgoing.set(link.from, rest);
      this.wait(link.from, id);
    }
    this.incoming.delete(id);
    this.byId.delete(id);
    this.order.delete(id);
    this.nodeGrid.delete(id);
  }

  /** Redraws every link leaving `id` from its current slots. */
  private relinkFrom(id: NodeId): void {
    const previous = this.outgoing.get(id);
    if (previous) for (const link of previous) this.removeLink(link);
    const node = this.byId.get(id);
    if (!node) {
      this.outgoing.delete(id);
      return;
    }
    const links: BoardLink[] = [];
    node.next.forEach((slot, slotIndex) => {
      if (slot.node === null) return;
      if (!this.byId.has(slot.node)) return this.wait(id, slot.node);
      const link: BoardLink = {
        id: linkId(id, slot.id),
        from: id,
        slotId: slot.id,
        slotIndex,
        to: slot.node,
        curve: [0, 0, 0, 0, 0, 0, 0, 0],
      };
      this.links.set(link.id, link);
      const into = this.incoming.get(link.to);
      if (into) into.push(link.id);
      else this.incoming.set(link.to, [link.id]);
      this.placeLink(link);
      links.push(link);
    });
    if (links.length > 0) this.outgoing.set(id, links);
    else this.outgoing.delete(id);
  }

  private placeLink(link: BoardLink): void {
    const from = this.byId.get(link.from)!;
    const to = this.byId.get(link.to)!;
    link.curve = nodeLinkCurve(from, link.slotIndex, to);
    this.linkGrid.set(link.id, curveBox(link.curve));
    this.touched?.links.add(link.id);
  }

  private removeLink(link: BoardLink): void {
    this.links.delete(link.id);
    this.touched?.links.add(link.id);
    const into = this.incoming.get(link.to);
    const at = into ? into.indexOf(link.id) : -1;
    if (at >= 0) {
      into![at] = into![into!.length - 1];
      into!.pop();
    }
    this.linkGrid.delete(link.id);
  }

  private wait(source: NodeId, target: NodeId): void {
    let sources = this.waiting.get(target);
    if (!sources) this.waiting.set(target, (sources = new Set()));
    sources.add(source);
  }
}

/** How many nodes from `a[i]` and `b[j]` on are the same objects. */
function sameRun(a: readonly FlowNode[], i: number, b: readonly FlowNode[], j: number): number {
  const limit = Math.min(a.length - i, b.length - j);
  let n = 0;
  while (n < limit && a[i + n] === b[j + n]) n++;
  return n;
}
