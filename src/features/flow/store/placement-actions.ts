import {
  newNode,
  nodeTypeLabel,
  placeNode,
  type FlowChange,
  type NodeId,
  type NodeType,
} from '../../../core/flow';
import type { Box } from '../board/geometry';
import type { FlowStore } from './flow-store';
import { newNodeId, newNodeName, newNodeSpot, type Selection } from './selection';

/** What the board lends the editor: where new nodes go (the middle of the view, clear of others). */
export interface BoardPort {
  /** The world point at the middle of the board's view. */
  viewCenter(): { x: number; y: number };
  /** Whether any node touches an area of the world (from the board's spatial index). */
  occupied?(area: Box): boolean;
  /** The bounds of every node (a full scan: asked only when nothing near the centre is free). */
  bounds?(): Box | null;
  /** Puts a node in the middle of the board at a zoom where it can be read. */
  centreOn?(id: NodeId): void;
}

type Edit = (changes: FlowChange[], select?: Selection, started?: number) => void;

/**
 * Where new nodes land: an added node, and a paste (clipboard-actions.ts), go in the middle of the
 * board's view, clear of the nodes already there. `board` answers the board lent now (none while
 * the page has no board).
 */
export function createPlacementActions(store: FlowStore, edit: Edit, board: () => BoardPort | null) {
  const get = store.getState;

  function addNode(type: NodeType): void {
    // Picking the spot and the name is part of the add's cost, so the measure starts here.
    const started = performance.now();
    const nodes = get().nodes;
    const port = board();
    const draft = newNode(type, newNodeId(), 0, 0);
    const centre = port?.viewCenter() ?? { x: 0, y: 0 };
    const at = newNodeSpot(draft, nodes, centre, port?.occupied?.bind(port), port?.bounds?.bind(port));
    const node = { ...draft, ...at, name: newNodeName(nodeTypeLabel(draft), nodes) };
    edit([{ type: 'add', node }], { nodeId: node.id, linkId: null }, started);
  }

  /** The world point in the middle of the board's view (where a paste lands). */
  const viewCenter = () => board()?.viewCenter() ?? { x: 0, y: 0 };

  /**
   * The middle of a free area of `width` × `height` nearest the middle of the view (where a
   * paste lands, clear of the nodes already there).
   */
  function freeSpotFor(width: number, height: number): { x: number; y: number } {
    const port = board();
    const centre = port?.viewCenter() ?? { x: 0, y: 0 };
    if (!port?.occupied) return centre;
    const at = placeNode({
      centre,
      width,
      height,
      occupied: port.occupied.bind(port),
      bounds: port.bounds?.bind(port),
    });
    return { x: at.x + width / 2, y: at.y + height / 2 };
  }

  return { addNode, viewCenter, freeSpotFor };
}
