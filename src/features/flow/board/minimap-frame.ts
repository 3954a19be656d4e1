import type { Box, Point } from './geometry';

// Where the world sits on the minimap. Pure so the mapping both ways is unit-tested; the minimap
// draws with it and turns a click back into the world point to centre the view on.

/** minimap pixel = world × scale + (x, y). */
export interface MinimapFrame {
  scale: number;
  x: number;
  y: number;
}

export function unionBox(a: Box | null, b: Box): Box {
  if (!a) return b;
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  };
}

/**
 * The frame showing the whole flow (`content`) and the part of the world the board shows
 * (`seen`), so the viewport rectangle never leaves the minimap: both boxes fitted into
 * `width` × `height` less `padding` on every side, centred.
 */
export function minimapFrame(
  content: Box | null,
  seen: Box,
  width: number,
  height: number,
  padding = 6,
): MinimapFrame {
  const box = unionBox(content, seen);
  const w = Math.max(1, box.maxX - box.minX);
  const h = Math.max(1, box.maxY - box.minY);
  const scale = Math.min(Math.max(1, width - 2 * padding) / w, Math.max(1, height - 2 * padding) / h);
  return {
    scale,
    x: (width - w * scale) / 2 - box.minX * scale,
    y: (height - h * scale) / 2 - box.minY * scale,
  };
}

export function toMinimap(frame: MinimapFrame, world: Point): Point {
  return { x: world.x * frame.scale + frame.x, y: world.y * frame.scale + frame.y };
}

export function fromMinimap(frame: MinimapFrame, point: Point): Point {
  return { x: (point.x - frame.x) / frame.scale, y: (point.y - frame.y) / frame.scale };
}

/** The minimap's largest and smallest box (CSS pixels). */
export const MINIMAP_MAX = { width: 200, height: 140 };
export const MINIMAP_MIN = { width: 100, height: 60 };

/**
 * The minimap's size for a flow of `content`'s shape: as large as allowed in the flow's
 * proportions, so a wide flow gets a short, wide map and a tall one a narrow, tall map instead of
 * a thin strip in an empty box.
 */
export function minimapSize(content: Box | null): { width: number; height: number } {
  if (!content) return { ...MINIMAP_MAX };
  const aspect = Math.max(1, content.maxY - content.minY) / Math.max(1, content.maxX - content.minX);
  const clamp = (v: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, v)));
  const height = clamp(MINIMAP_MAX.width * aspect, MINIMAP_MIN.height, MINIMAP_MAX.height);
  const width = clamp(height / aspect, MINIMAP_MIN.width, MINIMAP_MAX.width);
  return { width, height };
}
