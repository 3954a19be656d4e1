import type Konva from 'konva';
import type { FlowNode, NodeId } from '../../../core/flow';
import type { BoardLink, BoardModel } from './board-model';
import { nodeLinkCurve, type Curve } from './geometry';
import type { NodeLayer } from './node-layer';

/**
 * Dragging several selected nodes at once (issue 20 §2). Their shapes and the links between them
 * move to the drag layer, which is drawn once when the drag starts; each frame then only slides
 * that layer's canvas by a CSS transform. Redrawing it at its new position was most of a frame
 * while a select-all of a 10,000-node flow was dragged (every shape in view and its labels,
 * ~13 ms CPU), and the bitmap it draws does not change while the group moves. Links with one end
 * in the group are the only curves redrawn per frame (on the overlay layer, which does not move).
 * The nodes go where the pointer says only when the drag ends: the caller records their moves then,
 * as one edit.
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

  /** Slides the drawn group by (dx, dy) world units; `scale` is the view's (screen pixels per unit). */
  moveBy(dx: number, dy: number, scale: number): void {
    this.dx = dx;
    this.dy = dy;
    slideCanvas(this.dragLayer, dx * scale, dy * scale);
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
    slideCanvas(this.dragLayer, null);
    for (const id of this.ids) {
      const shape = this.nodeLayer.shapeOf(id);
      if (!shape) continue;
      if (dropped) shape.group.position({ x: shape.group.x() + this.dx, y: shape.group.y() + this.dy });
      shape.group.moveTo(this.homeLayer);
    }
  }
}

/**
 * Moves a layer's canvas on screen without redrawing it (null: back in place). `will-change` gives
 * the canvas its own compositor layer while it slides, so a move costs no repaint of the board.
 */
function slideCanvas(layer: Konva.Layer, x: number | null, y = 0): void {
  const style = layer.getNativeCanvasElement().style;
  style.transform = x === null ? '' : `translate(${x}px, ${y}px)`;
  style.willChange = x === null ? '' : 'transform';
}
