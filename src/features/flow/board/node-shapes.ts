import Konva from 'konva';
import { nodeTypeLabel, outputLabels, type FlowNode } from '../../../core/flow';
import { TYPE_ACCENTS, type BoardColors } from './board-colors';
import { HEADER_HEIGHT, NODE_WIDTH, nodeHeight, ROW_HEIGHT, SLOT_RADIUS } from './geometry';
import { bindCaptionShape, createCaptionShape } from './caption-shape';
import type { LevelOfDetail } from './level-of-detail';

// The Konva group that draws one node. Groups are pooled (see pool.ts): `bindNodeShape` points a
// group at a node and touches only what differs from what the group showed last.

/** How a node is drawn besides its data: level of detail, selection and the theme. */
export interface NodeLook {
  level: LevelOfDetail;
  selected: boolean;
  /** The node's saved content fails validation: red outline and badge. */
  invalid: boolean;
  colors: BoardColors;
}

interface OutputShape {
  dot: Konva.Circle;
  label: Konva.Text;
}

export interface NodeShape {
  group: Konva.Group;
  body: Konva.Rect;
  accent: Konva.Rect;
  name: Konva.Text;
  type: Konva.Text;
  /** The title alone, large, drawn instead of name, type and slot labels below full detail. */
  caption: Konva.Shape;
  input: Konva.Circle;
  badge: Konva.Circle;
  outputs: OutputShape[];
  /** What the shape shows now; binding the same node and look again does nothing. */
  node: FlowNode | null;
  look: NodeLook | null;
}

// Konva 10 places each text by the metrics of a sample glyph it measures on every draw (a save, a
// font string, a measureText and an object per text per frame); the legacy placement (a middle
// baseline) measures nothing. At full detail, 10k-node flow, 207 texts shown: the nodes layer drew
// in a median 18.7 ms instead of 23.8 ms (p95 41 vs 80) on the shared 2-core machine.
Konva.legacyTextRendering = true;

const PADDING = 14;
/** The caption uses the whole node; it keeps clear of the accent stripe and the slots. */
const CAPTION_INSET = 10;
// Static shapes never take part in Konva's own hit detection: one stage-level handler does it.
const STATIC = { listening: false, perfectDrawEnabled: false } as const;

export function createNodeShape(): NodeShape {
  const group = new Konva.Group({ listening: false });
  // The border keeps its screen width at every zoom, so nodes stay outlined at 0.3.
  const body = new Konva.Rect({
    ...STATIC,
    width: NODE_WIDTH,
    cornerRadius: 10,
    strokeWidth: 1,
    strokeScaleEnabled: false,
  });
  const accent = new Konva.Rect({ ...STATIC, x: 0, y: 0, width: 5, cornerRadius: [10, 0, 0, 10] });
  const name = new Konva.Text({
    ...STATIC,
    x: PADDING,
    y: 9,
    width: NODE_WIDTH - 2 * PADDING,
    fontSize: 14,
    fontStyle: 'bold',
    wrap: 'none',
    ellipsis: true,
  });
  const type = new Konva.Text({
    ...STATIC,
    x: PADDING,
    y: 29,
    width: NODE_WIDTH - 2 * PADDING,
    fontSize: 12,
    wrap: 'none',
    ellipsis: true,
  });
  const caption = createCaptionShape(CAPTION_INSET);
  const input = new Konva.Circle({
    ...STATIC,
    x: 0,
    y: HEADER_HEIGHT / 2,
    radius: SLOT_RADIUS,
    strokeWidth: 2,
  });
  const badge = new Konva.Circle({ ...STATIC, x: NODE_WIDTH - 12, y: 12, radius: 5, visible: false });
  group.add(body, accent, name, type, caption, input, badge);
  return { group, body, accent, name, type, caption, input, badge, outputs: [], node: null, look: null };
}

function addOutput(shape: NodeShape): OutputShape {
  const dot = new Konva.Circle({ ...STATIC, x: NODE_WIDTH, radius: SLOT_RADIUS, strokeWidth: 2 });
  const label = new Konva.Text({
    ...STATIC,
    x: PADDING,
    width: NODE_WIDTH - 2 * PADDING - SLOT_RADIUS,
    fontSize: 12,
    align: 'right',
    wrap: 'none',
    ellipsis: true,
  });
  shape.group.add(dot, label);
  const output = { dot, label };
  shape.outputs.push(output);
  return output;
}

function sameLook(a: NodeLook | null, b: NodeLook): boolean {
  return (
    !!a &&
    a.level === b.level &&
    a.selected === b.selected &&
    a.invalid === b.invalid &&
    a.colors === b.colors
  );
}

/** Points the shape at `node`, drawn with `look`. */
export function bindNodeShape(shape: NodeShape, node: FlowNode, look: NodeLook): void {
  const moved = !shape.node || shape.node.x !== node.x || shape.node.y !== node.y;
  if (moved) shape.group.position({ x: node.x, y: node.y });
  if (shape.node === node && sameLook(shape.look, look)) return;
  const { colors, level, selected, invalid } = look;
  const detail = level.full;
  const height = nodeHeight(node.next.length);
  shape.body.setAttrs({
    height,
    fill: colors.surface,
    stroke: invalid ? colors.danger : selected ? colors.primary : colors.border,
    strokeWidth: invalid && selected ? 3.5 : invalid || selected ? 2.5 : 1,
  });
  // The badge grows as the zoom shrinks, so an invalid node is marked at every zoom; below full
  // detail it sits on the node's corner, leaving the whole width to the caption.
  const radius = level.badgeRadius;
  const inset = detail ? 7 + radius : 4;
  shape.badge.setAttrs({ visible: invalid, fill: colors.danger, radius, x: NODE_WIDTH - inset, y: inset });
  shape.accent.setAttrs({ height, fill: TYPE_ACCENTS[node.type] ?? colors.muted });
  // Hidden texts are not laid out again: binding the shape again at full detail sets them.
  if (detail) {
    shape.name.setAttrs({ text: node.name || ' ', fill: colors.text, visible: true });
    shape.type.setAttrs({ text: nodeTypeLabel(node), fill: colors.muted, visible: true });
    shape.caption.visible(false);
  } else {
    shape.name.visible(false);
    shape.type.visible(false);
    // Title only, over the whole node.
    const width = NODE_WIDTH - 2 * CAPTION_INSET;
    bindCaptionShape(shape.caption, node.name, level.captionSize, width, height, colors.text);
  }
  shape.input.setAttrs({ fill: colors.surface, stroke: colors.primary, visible: level.ports });
  const labels = detail ? outputLabels(node) : null;
  while (shape.outputs.length < node.next.length) addOutput(shape);
  shape.outputs.forEach((output, i) => {
    const slot = node.next[i];
    if (!slot) {
      output.dot.visible(false);
      output.label.visible(false);
      return;
    }
    const y = HEADER_HEIGHT + i * ROW_HEIGHT + ROW_HEIGHT / 2;
    const failure = slot.onFailure === true;
    output.dot.setAttrs({
      visible: level.ports,
      y,
      fill: slot.node !== null ? (failure ? colors.danger : colors.primary) : colors.surface,
      stroke: failure ? colors.danger : colors.primary,
    });
    if (labels)
      output.label.setAttrs({ visible: true, y: y - 7, text: labels[i] || ' ', fill: colors.muted });
    else output.label.visible(false);
  });
  shape.node = node;
  shape.look = look;
}

/** Called when the shape goes back to the pool: hidden, and forgetting its node. */
export function releaseNodeShape(shape: NodeShape): void {
  shape.group.visible(false);
  shape.node = null;
  shape.look = null;
}

export function showNodeShape(shape: NodeShape): void {
  shape.group.visible(true);
}
