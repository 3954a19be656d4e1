import type { Timing } from './stats.js';

/** What the board bench measures for one renderer at one flow size (ms; null = not comparable). */
export interface BoardFigures {
  load: number;
  pan: Timing;
  zoom: Timing;
  drag: Timing;
  move: number | null;
  add: number | null;
  delete: number | null;
  undo: number | null;
  redo: number | null;
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
  /** The node dragged in the drag gesture (its world position) and nodes in view for the edits. */
  dragged: { id: string; x: number; y: number };
  moved: string;
  deleted: string[];
}

/** How many times each edit is repeated (the median is reported) and each flow is loaded. */
export const EDIT_REPEATS = 5;
export const LOADS = 3;
