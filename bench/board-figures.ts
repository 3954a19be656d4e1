import type { Spread } from './stats.js';

export type GestureName = 'pan' | 'zoom' | 'drag';
export type ZoomName = 'fitted' | 'detail';

/** Frame work of one gesture at one zoom, over several runs. */
export interface FrameFigures {
  zoom: ZoomName;
  gesture: GestureName;
  /** The board's scale when the gesture starts. */
  scale: number;
  /** Labels drawn in view at that scale (Konva Text nodes and title captions). */
  texts: number;
  /** Wall-clock frame work (ms): per run, the median and the p95 of its frames. */
  medians: Spread;
  p95s: Spread;
  /** The same for the main thread's CPU time of each frame's task (ms). */
  cpuMedians: Spread;
  cpuP95s: Spread;
  /** Medians over every frame of every run (ms, wall clock): input handling, Konva draw, rasterisation. */
  split: { input: number; draw: number; raster: number };
  frames: number;
}

/** What the board bench measures for our board at one flow size (ms). */
export interface OurFigures {
  /** Data received → first frame painted, one per load. */
  load: Spread;
  /** Labels (Konva Text nodes and title captions) drawn in view in the first frame. */
  loadTexts: number;
  frames: FrameFigures[];
  move: Spread;
  add: Spread;
  delete: Spread;
  undo: Spread;
  redo: Spread;
}

/** The same for React Flow (no frame work: it has no synchronous draw to time; no undo). */
export interface TheirFigures {
  load: Spread;
  /** Node labels (name elements) in the DOM after the first draw. */
  loadLabels: number;
  move: Spread;
  add: Spread;
  delete: Spread;
}

/** What our editor's board tells the React Flow page, so both open on the same view and size. */
export interface SharedView {
  /** The board's size on screen. */
  width: number;
  height: number;
  /** The stage transform after the flow opened. */
  scale: number;
  x: number;
  y: number;
  /** Nodes in view used for the edits. */
  moved: string;
  deleted: string[];
}

/** How many times each edit is repeated and each flow is loaded (per renderer). */
export const EDIT_REPEATS = 5;
export const LOADS = Number(process.env.BENCH_BOARD_LOADS ?? 5);
/** Runs of every gesture at every zoom (BENCH_BOARD_RUNS overrides it). */
export const RUNS = Number(process.env.BENCH_BOARD_RUNS ?? 5);
/** The detail zoom: labels are drawn here whatever the board's level-of-detail threshold is. */
export const DETAIL_SCALE = 1;
