import Konva from 'konva';
import type { Curve } from './geometry';

// Links are not one Konva shape each: a flow of 10,000 nodes has about 12,000 of them. One custom
// shape per layer strokes every visible curve in a single path per style, which costs one canvas
// stroke instead of thousands of shape draws.

export interface CurveBatch {
  curves: Iterable<Curve>;
  color: string;
  width: number;
  dash?: number[];
  /** Opacity of the stroke (links under the nodes are drawn lighter than the selected one). */
  alpha?: number;
}

/** A shape that strokes whatever batches `source` answers when the layer draws. */
export function createLinkShape(source: () => CurveBatch[]): Konva.Shape {
  return new Konva.Shape({
    listening: false,
    perfectDrawEnabled: false,
    sceneFunc(context) {
      const ctx = context._context;
      for (const batch of source()) {
        ctx.beginPath();
        let any = false;
        for (const c of batch.curves) {
          ctx.moveTo(c[0], c[1]);
          ctx.bezierCurveTo(c[2], c[3], c[4], c[5], c[6], c[7]);
          any = true;
        }
        if (!any) continue;
        ctx.setLineDash(batch.dash ?? []);
        ctx.lineWidth = batch.width;
        ctx.strokeStyle = batch.color;
        ctx.lineCap = 'round';
        ctx.globalAlpha = batch.alpha ?? 1;
        ctx.stroke();
      }
      ctx.setLineDash([]);
      ctx.globalAlpha = 1;
    },
  });
}
