import { describe, expect, it } from 'vitest';
import { focusView, READABLE_SCALE } from '../../src/features/flow/board/focus-view';
import { toScreen } from '../../src/features/flow/board/viewport';

const box = { minX: 1000, minY: 400, maxX: 1220, maxY: 500 };

describe('focusView', () => {
  it('centres the node on the board and zooms in to the readable scale from a fitted view', () => {
    const view = focusView({ scale: 0.4, x: 12, y: -30 }, box, 1280, 800);
    expect(view.scale).toBe(READABLE_SCALE);
    expect(toScreen(view, { x: 1110, y: 450 })).toEqual({ x: 640, y: 400 });
  });

  it('keeps a closer zoom (going to a node never zooms out)', () => {
    const view = focusView({ scale: 1.5, x: 0, y: 0 }, box, 600, 400);
    expect(view.scale).toBe(1.5);
    expect(toScreen(view, { x: 1110, y: 450 })).toEqual({ x: 300, y: 200 });
  });
});
