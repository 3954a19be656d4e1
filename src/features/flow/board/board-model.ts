import Flatbush from 'flatbush';
import type { FlowNode, NodeId } from '../../../core/flow';
import { curveBox, inputPoint, linkCurve, nodeBox, outputPoint, type Box, type Curve } from './geometry';

// What the board derives from the node list each time it changes: id lookups, the drawn links and
// two spatial indexes (flatbush, static and packed: rebuilding 10,000 boxes takes a few
// milliseconds, less than keeping a dynamic tree in step edit by edit).

/** A drawn link: the slot `slotId` (at position `slotIndex`) of `from` leads to `to`. */
export interface BoardLink {
  id: string;
  from: NodeId;
  slotId: number;
  slotIndex: number;
  to: NodeId;
  curve: Curve;
}

export interface BoardModel {
  nodes: readonly FlowNode[];
  /** Node id → index in `nodes` (also its drawing order). */
  indexOf: Map<NodeId, number>;
  links: BoardLink[];
  linkById: Map<string, BoardLink>;
  /** Node id → indexes in `links` of the links leaving or entering it. */
  linksOf: Map<NodeId, number[]>;
  nodeIndex: Flatbush | null;
  linkIndex: Flatbush | null;
  /** The bounds of every node, or null for an empty flow. */
  bounds: Box | null;
}

/** The id a link goes by (in the test hook, the selection and the delete button). */
export function linkId(from: NodeId, slotId: number): string {
  return `${from}:${slotId}`;
}

export function buildBoardModel(nodes: readonly FlowNode[]): BoardModel {
  const indexOf = new Map<NodeId, number>();
  nodes.forEach((node, i) => indexOf.set(node.id, i));
  const links: BoardLink[] = [];
  const linkById = new Map<string, BoardLink>();
  const linksOf = new Map<NodeId, number[]>();
  const note = (id: NodeId, i: number) => {
    const list = linksOf.get(id);
    if (list) list.push(i);
    else linksOf.set(id, [i]);
  };
  for (const node of nodes) {
    node.next.forEach((slot, slotIndex) => {
      if (slot.node === null) return;
      const target = indexOf.get(slot.node);
      if (target === undefined) return;
      const link: BoardLink = {
        id: linkId(node.id, slot.id),
        from: node.id,
        slotId: slot.id,
        slotIndex,
        to: slot.node,
        curve: linkCurve(outputPoint(node, slotIndex), inputPoint(nodes[target])),
      };
      note(node.id, links.length);
      if (slot.node !== node.id) note(slot.node, links.length);
      links.push(link);
      linkById.set(link.id, link);
    });
  }
  let bounds: Box | null = null;
  let nodeIndex: Flatbush | null = null;
  if (nodes.length > 0) {
    nodeIndex = new Flatbush(nodes.length);
    bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    for (const node of nodes) {
      const box = nodeBox(node);
      nodeIndex.add(box.minX, box.minY, box.maxX, box.maxY);
      bounds = {
        minX: Math.min(bounds.minX, box.minX),
        minY: Math.min(bounds.minY, box.minY),
        maxX: Math.max(bounds.maxX, box.maxX),
        maxY: Math.max(bounds.maxY, box.maxY),
      };
    }
    nodeIndex.finish();
  }
  let linkIndex: Flatbush | null = null;
  if (links.length > 0) {
    linkIndex = new Flatbush(links.length);
    for (const link of links) {
      const box = curveBox(link.curve);
      linkIndex.add(box.minX, box.minY, box.maxX, box.maxY);
    }
    linkIndex.finish();
  }
  return { nodes, indexOf, links, linkById, linksOf, nodeIndex, linkIndex, bounds };
}

/** Indexes (in `model.nodes`, ascending = drawing order) of the nodes touching `box`. */
export function nodesIn(model: BoardModel, box: Box): number[] {
  if (!model.nodeIndex) return [];
  return model.nodeIndex.search(box.minX, box.minY, box.maxX, box.maxY).sort((a, b) => a - b);
}

/** Indexes (in `model.links`) of the links whose curve may cross `box`. */
export function linksIn(model: BoardModel, box: Box): number[] {
  if (!model.linkIndex) return [];
  return model.linkIndex.search(box.minX, box.minY, box.maxX, box.maxY);
}

export function nodeById(model: BoardModel, id: NodeId): FlowNode | undefined {
  const i = model.indexOf.get(id);
  return i === undefined ? undefined : model.nodes[i];
}
