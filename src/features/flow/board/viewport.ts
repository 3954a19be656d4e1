import type { Box, Point } from './geometry';
import { DETAIL_SCALE } from './level-of-detail';

export { DETAIL_SCALE };

// Pan and zoom as plain numbers (spec 2 §2, §9: scale 0.3 to 1.8, wheel step 0.002 per delta). The
// renderer applies a View to the Konva stage directly; nothing here touches React or the DOM.

export const MIN_SCALE = 0.3;
export const MAX_SCALE = 1.8;
export const WHEEL_STEP = 0.002;
/** One press of a zoom button or of the +/- keys scales by this factor. */
export const ZOOM_STEP = 1.25;

/** The stage transform: screen = world × scale + (x, y). */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export function clampScale(scale: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/**
 * The scale after a wheel turn of `deltaY` (positive zooms out). Each unit of delta changes the
 * scale by 0.2 %, compounded, so zooming in and back out by the same delta returns to the same
 * scale and a fast flick can never make it negative.
 */
export function wheelScale(scale: number, deltaY: number): number {
  return clampScale(scale * Math.exp(-deltaY * WHEEL_STEP));
}

/** The scale after `steps` presses of zoom in (positive) or zoom out (negative). */
export function steppedScale(scale: number, steps: number): number {
  return clampScale(scale * ZOOM_STEP ** steps);
}

/** The view at `scale` that keeps the world point under `screen` where it is. */
export function zoomAround(view: View, screen: Point, scale: number): View {
  const next = clampScale(scale);
  const world = toWorld(view, screen);
  return { scale: next, x: screen.x - world.x * next, y: screen.y - world.y * next };
}

export function toWorld(view: View, screen: Point): Point {
  return { x: (screen.x - view.x) / view.scale, y: (screen.y - view.y) / view.scale };
}

export function toScreen(view: View, world: Point): Point {
  return { x: world.x * view.scale + view.x, y: world.y * view.scale + view.y };
}

/**
 * The part of the world a `width` × `height` screen shows, grown by `margin` (a fraction of the
 * screen on every side) so a small pan does not have to fetch new nodes.
 */
export function visibleWorld(view: View, width: number, height: number, margin = 0): Box {
  const padX = width * margin;
  const padY = height * margin;
  return {
    minX: (-padX - view.x) / view.scale,
    minY: (-padY - view.y) / view.scale,
    maxX: (width + padX - view.x) / view.scale,
    maxY: (height + padY - view.y) / view.scale,
  };
}

/** The view that puts the world point `world` in the middle of a `width` × `height` screen. */
export function centredOn(view: View, world: Point, width: number, height: number): View {
  return { scale: view.scale, x: width / 2 - world.x * view.scale, y: height / 2 - world.y * view.scale };
}

/** Whether nodes are drawn in full (name, type, slot labels) rather than as a title-only caption. */
export function showsDetail(scale: number): boolean {
  return scale >= DETAIL_SCALE;
}

/**
 * A view showing `content` (the nodes' bounds) in a `width` × `height` screen: centred, never
 * larger than scale 1, never smaller than the minimum scale (a huge flow opens at 0.3 on its
 * top-left corner rather than as an unreadable speck).
 */
export function fitView(content: Box | null, width: number, height: number, padding = 40): View {
  if (!content) return { scale: 1, x: width / 2, y: height / 2 };
  const w = Math.max(1, content.maxX - content.minX);
  const h = Math.max(1, content.maxY - content.minY);
  const scale = clampScale(Math.min(1, (width - 2 * padding) / w, (height - 2 * padding) / h));
  const fits = w * scale <= width - 2 * padding && h * scale <= height - 2 * padding;
  if (!fits) return { scale, x: padding - content.minX * scale, y: padding - content.minY * scale };
  return {
    scale,
    x: (width - w * scale) / 2 - content.minX * scale,
    y: (height - h * scale) / 2 - content.minY * scale,
  };
}
