import type Konva from 'konva';
import type { FlowNode, NodeId } from '../../../core/flow';
import {
  bindNodeShape,
  createNodeShape,
  releaseNodeShape,
  showNodeShape,
  type NodeLook,
  type NodeShape,
} from './node-shapes';
import { cancelIdle, whenIdle, type IdleHandle } from '../when-idle';
import { Pool } from './pool';
import { boxesOverlap, nodeBox, type Box } from './geometry';

/**
 * Free shapes kept ready once the pool runs dry: building one (a Konva group with its texts) was
 * most of what adding a node cost, so the next ones are built while the page is idle instead.
 */
const SPARES = 2;

/**
 * The node shapes of one layer: only nodes in view have one, taken from and given back to a pool
 * as the view moves. A pooled shape leaves the layer: every pan or zoom frame clears the cached
 * transform of each node under the stage, and after a flow opened fitted the pool held several
 * times the shapes a detail view shows (10k nodes: ~4,700 Konva nodes walked per frame instead of
 * the ~1,000 drawn). Re-adding a shape costs a walk of its own group, on the frames that cull.
 */
export class NodeLayer {
  private readonly pool: Pool<NodeShape>;
  private readonly shown = new Map<NodeId, NodeShape>();
  private refill: IdleHandle | null = null;

  constructor(private readonly layer: Konva.Layer) {
    this.pool = new Pool(createNodeShape, (shape) => {
      releaseNodeShape(shape);
      shape.group.remove();
    });
  }

  /**
   * Shows exactly `nodes` (ascending list order), each with the look `lookOf` gives it.
   */
  sync(nodes: readonly FlowNode[], lookOf: (node: FlowNode) => NodeLook): void {
    const keep = new Set<NodeId>();
    for (const node of nodes) keep.add(node.id);
    for (const id of this.shown.keys()) if (!keep.has(id)) this.hide(id);
    for (const node of nodes) this.show(node, lookOf(node));
  }

  /** Gives `node` a shape (on top, when it had none) and draws it with `look`. */
  show(node: FlowNode, look: NodeLook): void {
    let shape = this.shown.get(node.id);
    if (!shape) {
      shape = this.pool.acquire();
      if (this.pool.idle === 0) this.reserveSoon();
      showNodeShape(shape);
      // Newcomers go on top in list order (add puts them there), so a duplicate lands above its original.
      this.layer.add(shape.group);
      this.shown.set(node.id, shape);
    }
    bindNodeShape(shape, node, look);
  }

  /**
   * Draws only the shown nodes that overlap `box` (the screen): Konva draws every visible shape,
   * and the shapes kept for the area around the screen (so a pan need not cull) were most of a
   * frame's draw at full detail. A shape whose node is being dragged (on another layer) is left alone.
   */
  drawOnlyIn(box: Box): void {
    for (const shape of this.shown.values()) {
      if (!shape.node || shape.group.getParent() !== this.layer) continue;
      shape.group.visible(boxesOverlap(nodeBox(shape.node), box));
    }
  }

  /** Gives the node's shape (if it has one) back to the pool. */
  hide(id: NodeId): void {
    const shape = this.shown.get(id);
    if (!shape) return;
    this.shown.delete(id);
    this.pool.release(shape);
  }

  /** Stops building spares (the layer is going away). */
  dispose(): void {
    if (this.refill !== null) cancelIdle(this.refill);
    this.refill = null;
  }

  private reserveSoon(): void {
    if (this.refill !== null) return;
    this.refill = whenIdle(() => {
      this.refill = null;
      this.pool.reserve(SPARES);
    });
  }

  shapeOf(id: NodeId): NodeShape | undefined {
    return this.shown.get(id);
  }

  /** Drawing order of a shown node (higher is on top), or -1. */
  rank(id: NodeId): number {
    const shape = this.shown.get(id);
    return shape && shape.group.getLayer() === this.layer ? shape.group.zIndex() : -1;
  }

  get count(): number {
    return this.shown.size;
  }

  get pooled(): number {
    return this.pool.size;
  }
}
