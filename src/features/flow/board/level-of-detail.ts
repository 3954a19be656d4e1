// How much of a node the board draws at a given zoom (issue 13, item 1). A reopened flow is often
// fitted far below scale 1, and blank boxes there tell the author nothing, so every level keeps
// the node's title: at full detail in its normal size with the type and slot labels, below that
// as a title-only caption whose world size grows as the scale shrinks, so it stays readable.
//
// The levels are a few fixed bands rather than a size that follows the scale continuously: a text
// is laid out again whenever its size changes, and doing that for every shown node on every zoom
// frame would cost far more than drawing it. Crossing a band re-lays out the shown nodes once.

/** The smallest on-screen size (CSS pixels) of a caption's text, at the bottom of its band. */
export const CAPTION_SCREEN_PX = 11;
/** The smallest on-screen radius of the problem badge, so an invalid node is marked at any zoom. */
export const BADGE_SCREEN_PX = 4;

export interface LevelOfDetail {
  /** The lowest scale of this band (inclusive). */
  minScale: number;
  /** Name, type label and slot labels at their normal size. */
  full: boolean;
  /** World font size of the title-only caption (0 at full detail, where the name is drawn). */
  captionSize: number;
  /** World radius of the problem badge. */
  badgeRadius: number;
  /**
   * Slot dots are drawn. In the lowest band they would be specks under 5 px across, and drawing
   * them cost more than the captions (STYLE.md: at low zoom, ports are hidden); the slots still
   * answer the pointer, which turns into a crosshair over them.
   */
  ports: boolean;
}

function band(minScale: number, full: boolean, ports = true): LevelOfDetail {
  return Object.freeze({
    minScale,
    full,
    ports,
    captionSize: full ? 0 : Math.ceil(CAPTION_SCREEN_PX / minScale),
    badgeRadius: Math.max(5, Math.ceil(BADGE_SCREEN_PX / minScale)),
  });
}

/** Full detail from this scale up: the 14 px name is then at least 10.5 px on screen. */
export const DETAIL_SCALE = 0.75;

/** Highest band first; the last one also covers any scale below its minimum. */
export const LEVELS: readonly LevelOfDetail[] = Object.freeze([
  band(DETAIL_SCALE, true),
  band(0.55, false),
  band(0.4, false),
  band(0.3, false, false),
]);

/** The band for `scale`: one of LEVELS (the same object each time, so it can be compared by identity). */
export function levelOfDetail(scale: number): LevelOfDetail {
  for (const level of LEVELS) if (scale >= level.minScale) return level;
  return LEVELS[LEVELS.length - 1];
}
