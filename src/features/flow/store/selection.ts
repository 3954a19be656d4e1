import { overlapsAny, placeNode, type FlowNode, type NodeId } from '../../../core/flow';
import { nodeBox, nodeHeight, type Box } from '../board/geometry';

// Small pure helpers the editor's actions share (ids, names, what a selection still points at).

export interface Selection {
  nodeId: NodeId | null;
  linkId: string | null;
}

export const NO_SELECTION: Selection = { nodeId: null, linkId: null };

/** Splits a link id (`{from}:{slotId}`, see board-model.ts) into its node and slot. */
export function parseLinkId(linkId: string): { from: NodeId; slotId: number } | null {
  const at = linkId.lastIndexOf(':');
  if (at <= 0) return null;
  const slotId = Number(linkId.slice(at + 1));
  return Number.isInteger(slotId) ? { from: linkId.slice(0, at), slotId } : null;
}

/** The selection with whatever no longer exists in `nodes` dropped. */
export function keptSelection(nodes: readonly FlowNode[], selection: Selection): Selection {
  if (!selection.nodeId && !selection.linkId) return selection;
  const nodeId = selection.nodeId && nodes.some((n) => n.id === selection.nodeId) ? selection.nodeId : null;
  let linkId = selection.linkId;
  if (linkId) {
    const link = parseLinkId(linkId);
    const from = link && nodes.find((n) => n.id === link.from);
    const slot = from && from.next.find((s) => s.id === link.slotId);
    if (!slot || slot.node === null || !nodes.some((n) => n.id === slot.node)) linkId = null;
  }
  return nodeId === selection.nodeId && linkId === selection.linkId ? selection : { nodeId, linkId };
}

/** The group with nodes no longer in `nodes` dropped (the same set when all remain). */
export function keptGroup(nodes: readonly FlowNode[], group: ReadonlySet<NodeId>): ReadonlySet<NodeId> {
  if (group.size === 0) return group;
  const present = new Set<NodeId>();
  for (const node of nodes) if (group.has(node.id)) present.add(node.id);
  if (present.size === group.size) return group;
  return present.size > 1 ? present : new Set<NodeId>();
}

/** Every selected node's id: the group, or the one selected node. */
export function selectedIds(state: { selection: Selection; group: ReadonlySet<NodeId> }): NodeId[] {
  if (state.group.size > 0) return [...state.group];
  return state.selection.nodeId ? [state.selection.nodeId] : [];
}

let counter = 0;

/** A node id no other node of this editor has (time, a counter and randomness). */
export function newNodeId(): string {
  counter = (counter + 1) % 1679616;
  const random = Math.floor(Math.random() * 1679616).toString(36);
  return `n${Date.now().toString(36)}${counter.toString(36)}${random}`;
}

/** "Basic 1", "Basic 2", … : the first free name for a new node of the type labelled `label`. */
export function newNodeName(label: string, nodes: readonly FlowNode[]): string {
  // Only names starting with the label can collide: no set of every name in the flow.
  const prefix = `${label} `;
  const taken = new Set<string>();
  for (const node of nodes) if (node.name.startsWith(prefix)) taken.add(node.name);
  for (let n = 1; ; n++) {
    const name = `${label} ${n}`;
    if (!taken.has(name)) return name;
  }
}

/** The most outputs a node has when added (api and device-permission: success and failure). */
const NEW_NODE_MAX_SLOTS = 2;

/**
 * Where a new node goes (its x and y): centred on `centre` (the middle of the view) if that is
 * free, else in the nearest free spot (src/core/flow/placement.ts), never on another node.
 * `occupied` says whether any node touches an area; the board answers from its spatial index,
 * since in the middle of a 10,000-node flow a thousand spots may be tried before a free one.
 */
export function newNodeSpot(
  node: Pick<FlowNode, 'next'>,
  nodes: readonly FlowNode[],
  centre: { x: number; y: number },
  occupied: (area: Box) => boolean = overlapsAny(nodes.map(nodeBox)),
  bounds?: () => Box | null,
): { x: number; y: number } {
  // The node's box reaches past x by its slots' radius: place the box, then step back to x, y.
  const box = nodeBox({ x: 0, y: 0, next: node.next });
  const height = box.maxY - box.minY;
  // Every new node takes the room of the tallest (two outputs), centred in it, so nodes of any
  // type added one after another line up in the same rows.
  const room = Math.max(height, nodeHeight(NEW_NODE_MAX_SLOTS));
  const at = placeNode({ centre, width: box.maxX - box.minX, height: room, occupied, bounds });
  return { x: at.x - box.minX, y: at.y - box.minY + Math.round((room - height) / 2) };
}
