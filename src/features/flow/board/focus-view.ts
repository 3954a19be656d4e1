import type { Box } from './geometry';
import { clampScale, type View } from './viewport';

/**
 * The zoom a node is shown at when the author goes to it (a problem in the publish list): 100 %,
 * where its title and slot labels are drawn at their own size whatever the level of detail.
 */
export const READABLE_SCALE = 1;

/**
 * The view that puts `box` (a node's world bounds) in the middle of a `width` × `height` board,
 * zoomed in to the readable scale if the board was further out; a closer zoom is kept, so going
 * to a node never zooms the author out.
 */
export function focusView(view: View, box: Box, width: number, height: number): View {
  const scale = clampScale(Math.max(view.scale, READABLE_SCALE));
  const cx = (box.minX + box.maxX) / 2;
  const cy = (box.minY + box.maxY) / 2;
  return { scale, x: width / 2 - cx * scale, y: height / 2 - cy * scale };
}
