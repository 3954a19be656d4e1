import type { BoardLink, BoardModel } from './board-model';
import { curvePoint } from './geometry';
import { liveCurve, type NodeDragState } from './link-batches';
import type { LevelOfDetail } from './level-of-detail';
import type { BoardColors } from './board-colors';
import { toScreen, type View } from './viewport';

// The HTML around the canvas that follows the view: the dot grid behind the board and the selected
// link's delete button. And the node looks the renderer picks from (made once per zoom level).

/** World distance between the dots of the board's background grid. */
const GRID_SPACING = 24;

/** The CSS dot grid of `backdrop` follows pan and zoom. */
export function moveBackdrop(backdrop: HTMLElement | null, view: View): void {
  if (!backdrop) return;
  const size = GRID_SPACING * view.scale;
  backdrop.style.backgroundSize = `${size}px ${size}px`;
  backdrop.style.backgroundPosition = `${view.x}px ${view.y}px`;
}

/** Keeps the selected link's delete button on the middle of its curve (hidden with no link). */
export function placeLinkButton(
  button: HTMLElement | null,
  link: BoardLink | undefined,
  drag: NodeDragState | null,
  model: BoardModel,
  view: View,
): void {
  if (!button) return;
  if (!link) {
    // Set only when it changes: writing the attribute on every pan or zoom frame is not free.
    if (!button.hidden) button.hidden = true;
    return;
  }
  const mid = toScreen(view, curvePoint(liveCurve(link, drag, model), 0.5));
  button.hidden = false;
  button.style.transform = `translate(${mid.x}px, ${mid.y}px) translate(-50%, -50%)`;
}

/** The four node looks at one level of detail; index 1 of each pair is the invalid-node look. */
export function makeLooks(level: LevelOfDetail, colors: BoardColors) {
  const look = (selected: boolean, invalid: boolean) => ({ level, selected, invalid, colors });
  return {
    plain: [look(false, false), look(false, true)],
    selected: [look(true, false), look(true, true)],
  };
}
