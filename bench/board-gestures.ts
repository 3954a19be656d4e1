import type { FrameInput } from './board-frames.js';

// The board bench's gestures as fixed lists of input events, one per frame (no randomness), each
// ending where it began so the next run starts from the same view. The driver (board-frames.ts)
// sends them; the bench presses and releases the real mouse around the pointer moves.

export interface Point {
  x: number;
  y: number;
}

/** The board's rectangle in page coordinates. */
export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Frames per gesture (BENCH_BOARD_FRAMES overrides it; a multiple of 4 keeps the loops whole). */
export const FRAMES = Number(process.env.BENCH_BOARD_FRAMES ?? 60);

/** The zoom gesture turns the wheel one way for a quarter of its frames, then back, twice over. */
const ZOOM_HALF = Math.max(1, Math.round(FRAMES / 4));
/** Wheel delta per frame (pixels): one way the scale changes by e^(160·0.002) ≈ 1.38. */
const WHEEL_DELTA = 160 / ZOOM_HALF;

/**
 * Drags the background around one ellipse half the board wide: the view travels a whole board
 * width, so it leaves the area the renderer culled for (the view plus half a screen per side)
 * and re-culls a few times per loop, as a long pan does.
 */
export function pan(start: Point, area: Area): FrameInput[] {
  const ampX = area.width / 2;
  const ampY = (area.height * 2) / 5;
  return Array.from({ length: FRAMES }, (_, i) => {
    const angle = (2 * Math.PI * (i + 1)) / FRAMES;
    return { type: 'move', x: start.x - ampX * (1 - Math.cos(angle)), y: start.y - ampY * Math.sin(angle) };
  });
}

/**
 * Wheel at `at`, a quarter of the frames one way and a quarter back, twice. `inFirst` zooms in
 * first (from the fitted scale, which is often the minimum); otherwise out first (from the detail
 * scale, so the whole gesture stays where labels are drawn).
 */
export function zoom(at: Point, inFirst: boolean): FrameInput[] {
  const first = inFirst ? -WHEEL_DELTA : WHEEL_DELTA;
  return Array.from({ length: FRAMES }, (_, i) => ({
    type: 'wheel',
    ...at,
    deltaY: Math.floor(i / ZOOM_HALF) % 2 === 0 ? first : -first,
  }));
}

/** Moves a pressed node around a closed loop twice (dropped where it was picked up). */
export function dragNode(grip: Point): FrameInput[] {
  return Array.from({ length: FRAMES }, (_, i) => {
    const angle = (4 * Math.PI * (i + 1)) / FRAMES;
    return { type: 'move', x: grip.x + 150 * Math.sin(angle), y: grip.y + 90 * (1 - Math.cos(angle)) };
  });
}

/** Screen points around the middle of `area`, nearest first (a 7-pixel spiral), to look for a free one. */
export function spotsAround(area: Area): Point[] {
  const cx = area.x + area.width / 2;
  const cy = area.y + area.height / 2;
  const spots: Point[] = [];
  for (let r = 0; r < Math.min(area.width, area.height) / 2 - 20; r += 7) {
    const around = Math.max(1, Math.round((2 * Math.PI * r) / 7));
    for (let k = 0; k < around; k++) {
      const a = (2 * Math.PI * k) / around;
      spots.push({ x: Math.round(cx + r * Math.cos(a)), y: Math.round(cy + r * Math.sin(a)) });
    }
  }
  return spots;
}
