import Konva from 'konva';
import type { Box } from './geometry';

/** The rubber band of a selection drag (issue 20 §2): an outline and a light fill, in world units. */
export class RubberBand {
  private readonly fill = new Konva.Rect({ visible: false, listening: false, opacity: 0.12 });
  private readonly outline = new Konva.Rect({
    visible: false,
    listening: false,
    strokeScaleEnabled: false,
    strokeWidth: 1,
  });

  constructor(private readonly layer: Konva.Layer) {
    layer.add(this.fill, this.outline);
  }

  /** From one world corner to the other in `color`, or hidden (null). */
  show(box: Box | null, color: string): void {
    for (const rect of [this.outline, this.fill]) {
      if (!box) rect.visible(false);
      else {
        rect.setAttrs({
          visible: true,
          x: box.minX,
          y: box.minY,
          width: box.maxX - box.minX,
          height: box.maxY - box.minY,
        });
      }
    }
    this.outline.stroke(color);
    this.fill.fill(color);
    this.layer.batchDraw();
  }
}
