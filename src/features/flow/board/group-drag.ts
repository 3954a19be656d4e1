import type Konva from 'konva';
import type { FlowNode, NodeId } from '../../../core/flow';
import type { BoardLink, BoardModel } from './board-model';
import { nodeLinkCurve, type Curve } from './geometry';
import type { NodeLayer } from './node-layer';

/**
 * Dragging several selected nodes at once (issue 20 §2). Their shapes and the links between them
 * move to the drag layer, and each frame only moves that layer (one transform: select-all on a
 * 10,000-node flow moves at the cost of one redraw of the drag layer). Links with one end in the
 * group are the only curves recomputed per frame.
 */
export class GroupDrag {
  readonly ids: ReadonlySet<NodeId>;
  /** Links with both ends in the group: drawn on the drag layer, which carries them along. */
  readonly inner: BoardLink[] = [];
  /** Links with one end in the group: redrawn from the moved end each frame. */
  readonly crossing: BoardLink[] = [];
  /** Every link id above, left out of the static links layer while the drag lasts. */
  readonly linkIds = new Set<string>();
  dx = 0;
  dy = 0;

  constructor(
    ids: Iterable<NodeId>,
    private readonly model: BoardModel,
    private readonly nodeLayer: NodeLayer,
    private readonly dragLayer: Konva.Layer,
    private readonly homeLayer: Konva.Layer,
  ) {
    this.ids = new Set(ids);
    for (const id of this.ids) {
      for (const link of this.model.linksOf(id)) {
        if (this.linkIds.has(link.id)) continue;
        this.linkIds.add(link.id);
        if (this.ids.has(link.from) && this.ids.has(link.to)) this.inner.push(link);
        else this.crossing.push(link);
      }
      this.nodeLayer.shapeOf(id)?.group.moveTo(dragLayer);
    }
  }

  moveBy(dx: number, dy: number): void {
    this.dx = dx;
    this.dy = dy;
    this.dragLayer.position({ x: dx, y: dy });
  }

  /** A crossing link's curve with its group end moved (drawn on a layer that does not move). */
  crossingCurves(): Curve[] {
    const at = (id: NodeId): FlowNode => {
      const node = this.model.node(id)!;
      return this.ids.has(id) ? { ...node, x: node.x + this.dx, y: node.y + this.dy } : node;
    };
    return this.crossing.map((link) => nodeLinkCurve(at(link.from), link.slotIndex, at(link.to)));
  }

  innerCurves(): Curve[] {
    return this.inner.map((link) => link.curve);
  }

  /** Puts the shapes back on their layer: where they were dropped (the caller records the moves) or where they started. */
  end(dropped: boolean): void {
    this.dragLayer.position({ x: 0, y: 0 });
    for (const id of this.ids) {
      const shape = this.nodeLayer.shapeOf(id);
      if (!shape) continue;
      if (dropped) shape.group.position({ x: shape.group.x() + this.dx, y: shape.group.y() + this.dy });
      shape.group.moveTo(this.homeLayer);
    }
  }
}
