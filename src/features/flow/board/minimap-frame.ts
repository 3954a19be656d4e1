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
