import type { FlowNode, NodeId } from '../../../core/flow';
import { trafficStep, type BoardAnalytics } from './analytics-shapes';
import type { BoardColors } from './board-colors';
import type { BoardLink, BoardModel } from './board-model';
import { nodeLinkCurve, type Curve } from './geometry';
import type { GroupDrag } from './group-drag';
import type { LevelOfDetail } from './level-of-detail';
import type { CurveBatch } from './link-shapes';

// What each link layer strokes, as batches (link-shapes.ts): the static links by look (plain,
// pointed at, selected, or by traffic with the Analytics overlay on), the dragged node's or group's
// links, and the link being drawn. Pure: the renderer hands in what it knows and strokes the answer.

/** A single node being dragged: where it is now, and its links (drawn on the drag layer). */
export interface NodeDragState {
  node: FlowNode;
  links: BoardLink[];
  ids: Set<string>;
}

export interface StaticLinkState {
  shown: Iterable<BoardLink>;
  drag: NodeDragState | null;
  groupDrag: GroupDrag | null;
  selectedLinkId: string | null;
  hoveredLinkId: string | null;
  level: LevelOfDetail;
  scale: number;
  colors: BoardColors;
  analytics: BoardAnalytics | null;
}

/** The links on the static layer: every shown link not being dragged, by look. */
export function staticLinkBatches(state: StaticLinkState): CurveBatch[] {
  const { colors, level, scale, analytics } = state;
  const dragged = state.drag?.ids;
  const grouped = state.groupDrag?.linkIds;
  const plain: Curve[] = [];
  const plainLinks: BoardLink[] = [];
  let chosen: Curve | null = null;
  let pointed: Curve | null = null;
  for (const link of state.shown) {
    if (dragged?.has(link.id) || grouped?.has(link.id)) continue;
    if (link.id === state.selectedLinkId) chosen = link.curve;
    else if (link.id === state.hoveredLinkId) pointed = link.curve;
    else {
      plain.push(link.curve);
      plainLinks.push(link);
    }
  }
  const width = level.full ? 2 : 1.5 / scale;
  return [
    ...(analytics
      ? trafficBatches(plainLinks, width, analytics, colors, level.full ? 1 : 1 / scale)
      : [{ curves: plain, color: colors.primary, width, alpha: 0.45 }]),
    { curves: pointed ? [pointed] : [], color: colors.primary, width: width + 1, alpha: 0.8 },
    { curves: chosen ? [chosen] : [], color: colors.primary, width: width + 2 },
  ];
}

/**
 * With the overlay on, links are stroked by traffic: one batch per width step (a handful), the
 * widths in screen pixels whatever the zoom.
 */
function trafficBatches(
  links: BoardLink[],
  base: number,
  analytics: BoardAnalytics,
  colors: BoardColors,
  perPixel: number,
): CurveBatch[] {
  const byStep = new Map<number, Curve[]>();
  for (const link of links) {
    const step = trafficStep(analytics, link.from, link.to);
    const list = byStep.get(step);
    if (list) list.push(link.curve);
    else byStep.set(step, [link.curve]);
  }
  return [...byStep].map(([step, list]) => ({
    curves: list,
    color: colors.primary,
    width: step <= 1 ? base : step * perPixel,
    alpha: step <= 1 ? 0.3 : 0.7,
  }));
}

/** The dragged node's links, drawn from its live position (or the dragged group's inner links). */
export function dragLinkBatches(
  drag: NodeDragState | null,
  groupDrag: GroupDrag | null,
  model: BoardModel,
  color: string,
): CurveBatch[] {
  if (groupDrag) return [{ curves: groupDrag.innerCurves(), color, width: 2 }];
  if (!drag) return [];
  return [{ curves: drag.links.map((link) => liveCurve(link, drag, model)), color, width: 2 }];
}

/** The link being drawn (dashed), or the dragged group's links to the rest of the flow. */
export function draftLinkBatches(
  groupDrag: GroupDrag | null,
  draft: Curve | null,
  color: string,
): CurveBatch[] {
  if (groupDrag) return [{ curves: groupDrag.crossingCurves(), color, width: 2 }];
  return draft ? [{ curves: [draft], color, width: 2, dash: [6, 4] }] : [];
}

/** A link's curve, following the dragged node when it is one of its ends. */
export function liveCurve(link: BoardLink, drag: NodeDragState | null, model: BoardModel): Curve {
  if (!drag) return link.curve;
  const at = (id: NodeId) => (id === drag.node.id ? drag.node : model.node(id)!);
  return nodeLinkCurve(at(link.from), link.slotIndex, at(link.to));
}
