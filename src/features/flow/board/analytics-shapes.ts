import Konva from 'konva';
import { dropOffSeverity, linkKey, linkWidth, type Severity } from '../../../core/analytics';
import type { MetricsAnswer, NodeMetric } from '../../../core/api/analytics';
import type { FlowNode } from '../../../core/flow';
import { NODE_WIDTH } from './geometry';

// The Analytics overlay on the board (issue 19 §2): a badge over each node in view (visits, and
// the share of guests who left there, coloured by severity) and links stroked by traffic. Badges
// are one custom shape drawing every shown node's badge in one pass, as the links are.

export interface BoardAnalytics {
  nodes: Map<string, NodeMetric>;
  links: Map<string, number>;
  busiest: number;
}

export function boardAnalyticsOf(metrics: MetricsAnswer): BoardAnalytics {
  const links = new Map(metrics.links.map((l) => [linkKey(l.from, l.to), l.traffic]));
  return {
    nodes: new Map(metrics.nodes.map((n) => [n.node, n])),
    links,
    busiest: Math.max(0, ...links.values()),
  };
}

export type SeverityColors = Record<Severity, string>;

export function readSeverityColors(
  element: Element = document.documentElement,
): SeverityColors & { text: string } {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    none: read('--muted', '#646879'),
    low: read('--success', '#157347'),
    medium: read('--warning', '#a45a06'),
    high: read('--danger', '#c62828'),
    text: read('--surface', '#ffffff'),
  };
}

export const badgeText = (metric: NodeMetric) =>
  `${metric.visits} ${metric.visits === 1 ? 'visit' : 'visits'} · ${Math.round(metric.share * 100)}% left`;

const BADGE_HEIGHT = 22;

/** Draws the badges of `source()`'s nodes; `scale` keeps them readable when zoomed out. */
export function createBadgeShape(
  source: () => { nodes: Iterable<FlowNode>; analytics: BoardAnalytics | null; scale: number },
  colors: () => SeverityColors & { text: string },
): Konva.Shape {
  return new Konva.Shape({
    listening: false,
    perfectDrawEnabled: false,
    sceneFunc(context) {
      const { nodes, analytics, scale } = source();
      if (!analytics) return;
      const ctx = context._context;
      const palette = colors();
      // Never smaller than at 100 % on screen.
      const grow = Math.max(1, 1 / scale);
      const height = BADGE_HEIGHT * grow;
      ctx.font = `600 ${12 * grow}px Inter, system-ui, sans-serif`;
      ctx.textBaseline = 'middle';
      for (const node of nodes) {
        const metric = analytics.nodes.get(node.id);
        if (!metric) continue;
        const text = badgeText(metric);
        const width = ctx.measureText(text).width + 14 * grow;
        const x = node.x + NODE_WIDTH - width;
        const y = node.y - height - 4 * grow;
        ctx.fillStyle = palette[dropOffSeverity(metric.share)];
        ctx.beginPath();
        ctx.roundRect(x, y, width, height, height / 2);
        ctx.fill();
        ctx.fillStyle = palette.text;
        ctx.fillText(text, x + 7 * grow, y + height / 2 + 0.5);
      }
    },
  });
}

/** Link widths in a few steps, so links are stroked in a handful of batches. */
export function trafficStep(analytics: BoardAnalytics, from: string, to: string): number {
  const width = linkWidth(analytics.links.get(linkKey(from, to)) ?? 0, analytics.busiest);
  return Math.round(width);
}
