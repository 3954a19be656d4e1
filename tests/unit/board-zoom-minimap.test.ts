import { describe, expect, it } from 'vitest';
import {
  fromMinimap,
  minimapFrame,
  minimapSize,
  toMinimap,
  unionBox,
} from '../../src/features/flow/board/minimap-frame';
import {
  centredOn,
  MAX_SCALE,
  MIN_SCALE,
  steppedScale,
  toWorld,
  ZOOM_STEP,
} from '../../src/features/flow/board/viewport';
import { zoomCommandOf } from '../../src/features/flow/board/zoom-keys';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('zoom buttons and keys (issue 13)', () => {
  it('steps the scale by a fixed factor, within the zoom limits', () => {
    expect(steppedScale(1, 1)).toBeCloseTo(ZOOM_STEP, 10);
    expect(steppedScale(1, -1)).toBeCloseTo(1 / ZOOM_STEP, 10);
    expect(steppedScale(steppedScale(0.5, 1), -1)).toBeCloseTo(0.5, 10);
    expect(steppedScale(MAX_SCALE, 1)).toBe(MAX_SCALE);
    expect(steppedScale(MIN_SCALE, -1)).toBe(MIN_SCALE);
  });

  it('centres a world point on the screen at the same scale', () => {
    const view = centredOn({ scale: 0.5, x: 10, y: 20 }, { x: 1000, y: 400 }, 800, 600);
    expect(view.scale).toBe(0.5);
    expect(toWorld(view, { x: 400, y: 300 })).toEqual({ x: 1000, y: 400 });
  });

  it('maps + and = to zoom in, - to zoom out, 0 to 100 % and 1 to fit', () => {
    expect(zoomCommandOf(key('+'))).toBe('in');
    expect(zoomCommandOf(key('='))).toBe('in');
    expect(zoomCommandOf(key('-'))).toBe('out');
    expect(zoomCommandOf(key('0'))).toBe('actual');
    expect(zoomCommandOf(key('1'))).toBe('fit');
    expect(zoomCommandOf(key('2'))).toBeNull();
    expect(zoomCommandOf(key('a'))).toBeNull();
  });

  it('leaves Ctrl/Cmd/Alt combinations to the browser (its own page zoom)', () => {
    expect(zoomCommandOf(key('+', { ctrlKey: true }))).toBeNull();
    expect(zoomCommandOf(key('-', { metaKey: true }))).toBeNull();
    expect(zoomCommandOf(key('0', { altKey: true }))).toBeNull();
  });
});

describe('minimap frame', () => {
  const flow = { minX: 0, minY: 0, maxX: 1000, maxY: 500 };

  it('fits the flow into the minimap, centred, inside the padding', () => {
    const frame = minimapFrame(flow, { minX: 0, minY: 0, maxX: 100, maxY: 100 }, 212, 212, 6);
    expect(frame.scale).toBeCloseTo(0.2, 10);
    expect(toMinimap(frame, { x: 0, y: 0 })).toEqual({ x: 6, y: 56 });
    expect(toMinimap(frame, { x: 1000, y: 500 })).toEqual({ x: 206, y: 156 });
  });

  it('grows to hold the viewport when it is outside the flow', () => {
    const seen = { minX: 2000, minY: 0, maxX: 3000, maxY: 500 };
    const frame = minimapFrame(flow, seen, 212, 112, 6);
    const right = toMinimap(frame, { x: 3000, y: 250 });
    expect(right.x).toBeCloseTo(206, 6);
    expect(unionBox(flow, seen)).toEqual({ minX: 0, minY: 0, maxX: 3000, maxY: 500 });
    expect(unionBox(null, seen)).toBe(seen);
  });

  it('turns a minimap point back into the world point drawn there', () => {
    const frame = minimapFrame(flow, { minX: -300, minY: 100, maxX: 200, maxY: 900 }, 200, 130);
    const world = { x: 640, y: 320 };
    const back = fromMinimap(frame, toMinimap(frame, world));
    expect(back.x).toBeCloseTo(world.x, 9);
    expect(back.y).toBeCloseTo(world.y, 9);
  });
});

describe('minimap size', () => {
  it('follows the flow proportions within its largest and smallest box', () => {
    expect(minimapSize({ minX: 0, minY: 0, maxX: 12800, maxY: 1100 })).toEqual({ width: 200, height: 60 });
    expect(minimapSize({ minX: 0, minY: 0, maxX: 2000, maxY: 1000 })).toEqual({ width: 200, height: 100 });
    expect(minimapSize({ minX: 0, minY: 0, maxX: 12800, maxY: 27500 })).toEqual({ width: 100, height: 140 });
    expect(minimapSize({ minX: 0, minY: 0, maxX: 1000, maxY: 1000 })).toEqual({ width: 140, height: 140 });
    expect(minimapSize(null)).toEqual({ width: 200, height: 140 });
  });
});
