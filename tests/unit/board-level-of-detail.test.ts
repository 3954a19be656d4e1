import { describe, expect, it } from 'vitest';
import { wrapCaption } from '../../src/features/flow/board/caption-layout';
import { HEADER_HEIGHT, nodeHeight, NODE_WIDTH } from '../../src/features/flow/board/geometry';
import {
  CAPTION_SCREEN_PX,
  DETAIL_SCALE,
  LEVELS,
  levelOfDetail,
} from '../../src/features/flow/board/level-of-detail';
import { fitView, MAX_SCALE, MIN_SCALE } from '../../src/features/flow/board/viewport';

/** Every scale the board can show, in steps of 0.01. */
const scales = Array.from({ length: Math.round((MAX_SCALE - MIN_SCALE) * 100) + 1 }, (_, i) =>
  Number((MIN_SCALE + i / 100).toFixed(2)),
);

describe('level of detail (issue 13: node titles readable at every zoom)', () => {
  it('draws the title at a readable screen size at every scale', () => {
    for (const scale of scales) {
      const level = levelOfDetail(scale);
      const screenPx = level.full ? 14 * scale : level.captionSize * scale;
      expect(screenPx, `title at scale ${scale}`).toBeGreaterThanOrEqual(
        level.full ? 10.5 : CAPTION_SCREEN_PX,
      );
    }
  });

  it('keeps a caption of two lines inside the smallest node at every caption level', () => {
    for (const level of LEVELS.filter((l) => !l.full)) {
      expect(
        Math.floor(nodeHeight(1) / (level.captionSize * 1.1)),
        `size ${level.captionSize}`,
      ).toBeGreaterThanOrEqual(level === LEVELS[LEVELS.length - 1] ? 1 : 2);
    }
  });

  it('marks invalid nodes with a badge of at least 4 px radius on screen at every scale', () => {
    for (const scale of scales) expect(levelOfDetail(scale).badgeRadius * scale).toBeGreaterThanOrEqual(3.75);
  });

  it('draws slot dots from 0.4 up (below, they would be specks under 5 px across)', () => {
    for (const scale of scales) expect(levelOfDetail(scale).ports, `scale ${scale}`).toBe(scale >= 0.4);
  });

  it('answers the same object within a band, so a zoom inside it re-lays out nothing', () => {
    expect(levelOfDetail(0.31)).toBe(levelOfDetail(0.39));
    expect(levelOfDetail(0.3)).not.toBe(levelOfDetail(0.4));
    expect(levelOfDetail(1)).toBe(levelOfDetail(DETAIL_SCALE));
    expect(levelOfDetail(0.1)).toBe(LEVELS[LEVELS.length - 1]);
    expect(levelOfDetail(1).full).toBe(true);
    expect(levelOfDetail(0.5).full).toBe(false);
  });

  it('a reopened 200-node flow on a 1280×800 window is fitted at a zoom that draws titles', () => {
    // tests/e2e/flow-generate.ts lays 200 nodes out 40 to a row, 320 × 220 apart; the board is
    // about 1020 × 638 beside the drawer.
    const content = {
      minX: -6,
      minY: 0,
      maxX: 39 * 320 + NODE_WIDTH + 6,
      maxY: 4 * 220 + HEADER_HEIGHT + 56,
    };
    const view = fitView(content, 1020, 638);
    const level = levelOfDetail(view.scale);
    expect(level.full || level.captionSize * view.scale >= CAPTION_SCREEN_PX).toBe(true);
  });
});

describe('caption lines', () => {
  // One unit per character: easy widths to reason about.
  const measure = (s: string) => s.length;

  it('keeps a title that fits on one line', () => {
    expect(wrapCaption('Order status 12', 20, 2, measure)).toEqual(['Order status 12']);
  });

  it('wraps at word boundaries', () => {
    expect(wrapCaption('Order status 12', 12, 2, measure)).toEqual(['Order status', '12']);
  });

  it('ends the last line with an ellipsis when the title needs more lines than fit', () => {
    expect(wrapCaption('Track the parcel now', 9, 2, measure)).toEqual(['Track the', 'parcel…']);
    expect(wrapCaption('Track the parcel now', 9, 1, measure)).toEqual(['Track th…']);
  });

  it('cuts a word longer than a line by characters', () => {
    expect(wrapCaption('Supercalifragilistic', 8, 3, measure)).toEqual(['Supercal', 'ifragili', 'stic']);
  });

  it('draws nothing for an empty title', () => {
    expect(wrapCaption('   ', 10, 2, measure)).toEqual([]);
    expect(wrapCaption('', 10, 2, measure)).toEqual([]);
  });
});
