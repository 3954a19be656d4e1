import { describe, expect, it } from 'vitest';
import {
  clampScale,
  fitView,
  MAX_SCALE,
  MIN_SCALE,
  showsDetail,
  toScreen,
  toWorld,
  visibleWorld,
  wheelScale,
  zoomAround,
} from '../../src/features/flow/board/viewport';

describe('zoom limits (spec 2 §9: 0.3 to 1.8, step 0.002 per delta)', () => {
  it('clamps the scale to 0.3–1.8', () => {
    expect(clampScale(0.1)).toBe(MIN_SCALE);
    expect(clampScale(5)).toBe(MAX_SCALE);
    expect(clampScale(1.2)).toBe(1.2);
    expect([MIN_SCALE, MAX_SCALE]).toEqual([0.3, 1.8]);
  });

  it('changes the scale by 0.2 % per unit of wheel delta, zooming out on positive deltas', () => {
    expect(wheelScale(1, 1)).toBeCloseTo(0.998, 5);
    expect(wheelScale(1, -1)).toBeCloseTo(1.002, 5);
    expect(wheelScale(1, 100)).toBeCloseTo(Math.exp(-0.2), 10);
  });

  it('returns to the same scale after the same delta back and forth', () => {
    expect(wheelScale(wheelScale(1, 120), -120)).toBeCloseTo(1, 10);
  });

  it('never leaves the limits however far the wheel turns', () => {
    expect(wheelScale(1, 100_000)).toBe(MIN_SCALE);
    expect(wheelScale(1, -100_000)).toBe(MAX_SCALE);
    expect(wheelScale(MIN_SCALE, 50)).toBe(MIN_SCALE);
  });
});

describe('zooming around the pointer', () => {
  it('keeps the world point under the pointer in place', () => {
    const view = { scale: 1, x: 40, y: -30 };
    const pointer = { x: 300, y: 200 };
    const before = toWorld(view, pointer);
    const zoomed = zoomAround(view, pointer, 1.5);
    expect(zoomed.scale).toBe(1.5);
    const after = toWorld(zoomed, pointer);
    expect(after.x).toBeCloseTo(before.x, 10);
    expect(after.y).toBeCloseTo(before.y, 10);
  });

  it('clamps the requested scale', () => {
    expect(zoomAround({ scale: 1, x: 0, y: 0 }, { x: 10, y: 10 }, 9).scale).toBe(MAX_SCALE);
  });

  it('converts between screen and world both ways', () => {
    const view = { scale: 0.5, x: 100, y: 50 };
    expect(toScreen(view, { x: 200, y: 100 })).toEqual({ x: 200, y: 100 });
    expect(toWorld(view, { x: 200, y: 100 })).toEqual({ x: 200, y: 100 });
    expect(toWorld(view, toScreen(view, { x: -7, y: 13 }))).toEqual({ x: -7, y: 13 });
  });
});

describe('the visible part of the world', () => {
  it('is the screen rectangle divided by the scale, shifted by the pan', () => {
    expect(visibleWorld({ scale: 2, x: 100, y: 20 }, 800, 600)).toEqual({
      minX: -50,
      minY: -10,
      maxX: 350,
      maxY: 290,
    });
  });

  it('grows by the margin on every side', () => {
    const box = visibleWorld({ scale: 1, x: 0, y: 0 }, 800, 600, 0.5);
    expect(box).toEqual({ minX: -400, minY: -300, maxX: 1200, maxY: 900 });
  });

  it('draws full detail from 0.75 (a 14 px name is then at least 10.5 px on screen)', () => {
    expect(showsDetail(0.74)).toBe(false);
    expect(showsDetail(0.75)).toBe(true);
  });
});

describe('fitting the flow in view', () => {
  it('centres a small flow at scale 1 at most', () => {
    const view = fitView({ minX: 0, minY: 0, maxX: 200, maxY: 100 }, 1000, 500);
    expect(view.scale).toBe(1);
    expect(toScreen(view, { x: 100, y: 50 })).toEqual({ x: 500, y: 250 });
  });

  it('shrinks a wide flow to fit', () => {
    const view = fitView({ minX: 0, minY: 0, maxX: 1840, maxY: 100 }, 1000, 500);
    expect(view.scale).toBeCloseTo(0.5, 5);
  });

  it('opens a flow too big for the smallest scale at 0.3 on its top-left corner', () => {
    const view = fitView({ minX: -100, minY: 200, maxX: 50_000, maxY: 30_000 }, 1000, 600);
    expect(view.scale).toBe(MIN_SCALE);
    expect(toScreen(view, { x: -100, y: 200 })).toEqual({ x: 40, y: 40 });
  });

  it('centres the origin when there are no nodes', () => {
    expect(fitView(null, 800, 600)).toEqual({ scale: 1, x: 400, y: 300 });
  });
});
