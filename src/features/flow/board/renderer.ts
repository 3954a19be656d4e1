import Konva from 'konva';
import type { FlowNode, NodeId } from '../../../core/flow';
import { readBoardColors, type BoardColors } from './board-colors';
import { BoardModel, type BoardLink, type ModelChanges } from './board-model';
import {
  boxesOverlap,
  containsBox,
  curveBox,
  linkCurve,
  nodeBox,
  type Box,
  type Curve,
  type Point,
} from './geometry';
import { GroupDrag } from './group-drag';
import { dragLinkBatches, draftLinkBatches, staticLinkBatches, type NodeDragState } from './link-batches';
import { createLinkShape } from './link-shapes';
import { createBadgeShape, readSeverityColors, type BoardAnalytics } from './analytics-shapes';
import { RubberBand } from './rubber-band';
import { BoardView } from './board-view';
import { makeLooks, moveBackdrop, placeLinkButton } from './board-chrome';
import { levelOfDetail, type LevelOfDetail } from './level-of-detail';
import { NodeLayer } from './node-layer';
import type { NodeLook } from './node-shapes';
import { Signal } from './signal';
import { fitView, visibleWorld, type View } from './viewport';

export interface BoardLayers {
  links: Konva.Layer;
  nodes: Konva.Layer;
  drag: Konva.Layer;
  overlay: Konva.Layer;
}

export interface BoardSelection {
  nodeId: NodeId | null;
  linkId: string | null;
}

/** Nodes are fetched for the screen plus this fraction of it on every side, so small pans reuse them. */
const OVERSCAN = 0.5;
/**
 * Beyond this many touched nodes and links an update re-culls the whole view (a flow opened, a big
 * undo); below it only what the update touched is redrawn, which keeps one edit of a 10,000-node
 * flow from searching and re-binding every node in view.
 */
const PATCH_LIMIT = 200;

/**
 * Draws the board imperatively on Konva (STYLE.md, canvas editors): pan and zoom set the stage
 * transform directly, only nodes in view have shapes, links are stroked in batches, and a dragged
 * node moves on its own layer so the static layers are not redrawn while it moves.
 */
export class BoardRenderer extends BoardView {
  readonly model = new BoardModel();
  /** The view moved (pan, zoom, resize): the zoom readout and the minimap's rectangle follow. */
  readonly viewChanged = new Signal();
  /** What the minimap draws changed: the nodes, the problem marks or the theme's colours. */
  readonly contentChanged = new Signal();
  private selection: BoardSelection = { nodeId: null, linkId: null };
  /** The link under the pointer (drawn stronger, so the author sees what a click would pick). */
  private hoveredLinkId: string | null = null;
  private problems: Readonly<Record<NodeId, number>> = {};
  private colors: BoardColors = readBoardColors();
  private level: LevelOfDetail = levelOfDetail(1);
  private looks = makeLooks(this.level, this.colors);
  private readonly nodeLayer: NodeLayer;
  private covered: Box | null = null;
  /** The links to stroke (in or near view), by id. */
  private shownLinks = new Map<string, BoardLink>();
  private drag: NodeDragState | null = null;
  /** The nodes selected together (issue 20 §2), drawn selected. */
  private group: ReadonlySet<NodeId> = new Set();
  private groupDrag: GroupDrag | null = null;
  /** The rubber band being drawn (world units), shown on the overlay layer. */
  private readonly band: RubberBand;
  private draft: Curve | null = null;
  /** The Analytics overlay's figures (null: the overlay is off). */
  private analytics: BoardAnalytics | null = null;
  private severityColors = readSeverityColors();

  constructor(
    private readonly stage: Konva.Stage,
    private readonly layers: BoardLayers,
    private readonly linkButton: HTMLElement | null,
    /** The element whose CSS dot grid follows pan and zoom. */
    private readonly backdrop: HTMLElement | null = null,
  ) {
    super();
    this.nodeLayer = new NodeLayer(layers.nodes);
    layers.links.add(
      createLinkShape(() =>
        staticLinkBatches({
          shown: this.shownLinks.values(),
          drag: this.drag,
          groupDrag: this.groupDrag,
          selectedLinkId: this.selection.linkId,
          hoveredLinkId: this.hoveredLinkId,
          level: this.level,
          scale: this.view.scale,
          colors: this.colors,
          analytics: this.analytics,
        }),
      ),
    );
    layers.drag.add(
      createLinkShape(() => dragLinkBatches(this.drag, this.groupDrag, this.model, this.colors.primary)),
    );
    layers.overlay.add(
      createLinkShape(() => draftLinkBatches(this.groupDrag, this.draft, this.colors.primary)),
    );
    layers.overlay.add(
      createBadgeShape(
        () => ({
          nodes: this.analytics && this.covered ? this.model.nodesIn(this.covered) : [],
          analytics: this.analytics,
          scale: this.view.scale,
        }),
        () => this.severityColors,
      ),
    );
    this.band = new RubberBand(layers.overlay);
    for (const layer of Object.values(layers)) layer.listening(false);
  }

  setNodes(nodes: readonly FlowNode[]): void {
    const touched: ModelChanges = { nodes: new Set(), links: new Set() };
    if (!this.model.update(nodes, touched)) return;
    this.contentChanged.emit();
    if (!this.covered || touched.nodes.size + touched.links.size > PATCH_LIMIT) return this.cull();
    this.patch(this.covered, touched);
  }

  setSelection(selection: BoardSelection): void {
    const before = this.selection;
    this.selection = selection;
    // Only the nodes leaving and entering the selection change look; the selected link is picked
    // when the links are stroked.
    for (const id of new Set([before.nodeId, selection.nodeId])) {
      const node = id === null ? undefined : this.model.node(id);
      if (node && this.nodeLayer.shapeOf(node.id)) this.nodeLayer.show(node, this.lookOf(node));
    }
    this.placeLinkButton();
    this.stage.batchDraw();
  }

  /** The nodes selected together; only nodes whose membership changed are redrawn. */
  setGroup(group: ReadonlySet<NodeId>): void {
    const before = this.group;
    if (before === group) return;
    this.group = group;
    for (const id of before) if (!group.has(id)) this.redrawNode(id);
    for (const id of group) if (!before.has(id)) this.redrawNode(id);
    this.stage.batchDraw();
  }

  private redrawNode(id: NodeId): void {
    const node = this.model.node(id);
    if (node && this.nodeLayer.shapeOf(id)) this.nodeLayer.show(node, this.lookOf(node));
  }

  /** The rubber band from one world corner to the other, or null to hide it. */
  setBand(box: Box | null): void {
    this.band.show(box, this.colors.primary);
  }

  /** The selected group leaves the static layers and moves, as one layer, on the drag layer. */
  beginGroupDrag(ids: Iterable<NodeId>): void {
    this.groupDrag = new GroupDrag(ids, this.model, this.nodeLayer, this.layers.drag, this.layers.nodes);
    this.stage.batchDraw();
  }

  /** Moves the dragged group by (dx, dy) world units from where it started. */
  dragGroupBy(dx: number, dy: number): void {
    if (!this.groupDrag) return;
    this.groupDrag.moveBy(dx, dy, this.view.scale);
    if (this.groupDrag.crossing.length > 0) this.layers.overlay.batchDraw();
  }

  endGroupDrag(dropped = true): void {
    if (!this.groupDrag) return;
    this.groupDrag.end(dropped);
    this.groupDrag = null;
    this.stage.batchDraw();
  }

  /** Shows which link the pointer is over (null: none). */
  setHoveredLink(linkId: string | null): void {
    if (linkId === this.hoveredLinkId) return;
    this.hoveredLinkId = linkId;
    this.layers.links.batchDraw();
  }

  /** Marks the nodes whose content is invalid; only nodes whose mark changes are redrawn. */
  setProblems(problems: Readonly<Record<NodeId, number>>): void {
    const before = this.problems;
    this.problems = problems;
    for (const id of new Set([...Object.keys(before), ...Object.keys(problems)])) {
      const node = !before[id] !== !problems[id] ? this.model.node(id) : undefined;
      if (node && this.nodeLayer.shapeOf(id)) this.nodeLayer.show(node, this.lookOf(node));
    }
    this.contentChanged.emit();
    this.stage.batchDraw();
  }

  /** Shows the Analytics overlay's figures, or hides it (null). */
  setAnalytics(analytics: BoardAnalytics | null): void {
    this.analytics = analytics;
    this.layers.links.batchDraw();
    this.layers.overlay.batchDraw();
  }

  /** Re-reads the theme's colours (after a light/dark switch). */
  refreshColors(): void {
    this.colors = readBoardColors();
    this.severityColors = readSeverityColors();
    this.looks = makeLooks(this.level, this.colors);
    this.cull();
    this.contentChanged.emit();
  }

  resize(width: number, height: number): void {
    this.width = Math.max(1, width);
    this.height = Math.max(1, height);
    this.stage.size({ width: this.width, height: this.height });
    this.setView(this.view);
  }

  /**
   * Shows a flow just opened, fitted. The model is brought up to date before the view moves, so
   * the nodes are culled (their shapes built and laid out) once, at the fitted zoom, rather than
   * once at the old view and again after fitting.
   */
  open(nodes: readonly FlowNode[]): void {
    if (this.model.update(nodes)) this.contentChanged.emit();
    this.covered = null;
    this.fit();
  }

  fit(): void {
    this.setView(fitView(this.model.bounds(), this.width, this.height));
  }

  setView(view: View): void {
    const level = levelOfDetail(view.scale);
    const detailChanged = level !== this.level;
    this.view = view;
    this.level = level;
    // One batched call: scale() alone clears every descendant's cached transform once per axis,
    // and position() once more, a walk over every node shape (pooled ones too) each time.
    this.stage.setAttrs({ scaleX: view.scale, scaleY: view.scale, x: view.x, y: view.y });
    // A dragged group's canvas slides by screen pixels: a zoom mid-drag changes how far that is.
    this.groupDrag?.moveBy(this.groupDrag.dx, this.groupDrag.dy, view.scale);
    if (detailChanged) this.looks = makeLooks(level, this.colors);
    const seen = visibleWorld(view, this.width, this.height);
    if (detailChanged || !this.covered || !containsBox(this.covered, seen)) this.cull();
    else this.nodeLayer.drawOnlyIn(this.drawnArea());
    this.placeLinkButton();
    moveBackdrop(this.backdrop, this.view);
    this.stage.batchDraw();
    this.viewChanged.emit();
  }

  /** The one selected node (the primary one of a group). */
  get selectedNodeId(): NodeId | null {
    return this.selection.nodeId;
  }

  /** The nodes whose saved content fails validation. */
  get problemIds(): Readonly<Record<NodeId, number>> {
    return this.problems;
  }

  get boardColors(): BoardColors {
    return this.colors;
  }

  /** The screen in world units, grown by a few pixels so a selected node's thick border is never cut. */
  private drawnArea(): Box {
    const pad = 4 / this.view.scale;
    const { minX, minY, maxX, maxY } = this.seen();
    return { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad };
  }

  /** The dragged node leaves the static layers and moves on the drag layer with its links. */
  beginNodeDrag(id: NodeId): void {
    const node = this.model.node(id);
    const shape = this.nodeLayer.shapeOf(id);
    if (!node || !shape) return;
    const links = this.model.linksOf(id);
    this.drag = { node, links, ids: new Set(links.map((link) => link.id)) };
    shape.group.moveTo(this.layers.drag);
    this.layers.nodes.batchDraw();
    this.layers.links.batchDraw();
    this.layers.drag.batchDraw();
  }

  dragNodeTo(x: number, y: number): void {
    if (!this.drag) return;
    this.drag.node = { ...this.drag.node, x, y };
    this.nodeLayer.shapeOf(this.drag.node.id)?.group.position({ x, y });
    this.placeLinkButton();
    this.layers.drag.batchDraw();
  }

  /**
   * Puts the node back on the static layer: where it was dropped (the caller records the move),
   * or, when the drag was cancelled, where it started.
   */
  endNodeDrag(dropped = true): void {
    if (!this.drag) return;
    const id = this.drag.node.id;
    const shape = this.nodeLayer.shapeOf(id);
    const origin = this.model.node(id);
    this.drag = null;
    if (shape) {
      if (!dropped && origin) shape.group.position({ x: origin.x, y: origin.y });
      shape.group.moveTo(this.layers.nodes);
    }
    this.placeLinkButton();
    this.stage.batchDraw();
  }

  /** The link being drawn from an output slot to the pointer, or null to hide it. */
  setDraft(from: Point | null, to: Point | null): void {
    this.showDraft(from && to ? linkCurve(from, to) : null);
  }

  /** The link being drawn, as a given curve (a self-loop while the pointer is on its own input). */
  showDraft(curve: Curve | null): void {
    this.draft = curve;
    this.layers.overlay.batchDraw();
  }

  /** Drawing order for hit-testing: the dragged node is on top of everything. */
  rank = (id: NodeId): number =>
    this.drag?.node.id === id || this.groupDrag?.ids.has(id) ? Infinity : this.nodeLayer.rank(id);

  /** Removes every shape this renderer added (the stage itself belongs to React). */
  destroy(): void {
    this.nodeLayer.dispose();
    for (const layer of Object.values(this.layers)) layer.destroyChildren();
    if (this.linkButton) this.linkButton.hidden = true;
  }

  get shownNodeCount(): number {
    return this.nodeLayer.count;
  }

  private lookOf(node: FlowNode): NodeLook {
    const selected = node.id === this.selection.nodeId || this.group.has(node.id);
    const looks = selected ? this.looks.selected : this.looks.plain;
    return looks[this.problems[node.id] ? 1 : 0];
  }

  /** Gives shapes to the nodes in (or near) view and picks the links to stroke. */
  private cull(): void {
    this.covered = visibleWorld(this.view, this.width, this.height, OVERSCAN);
    this.nodeLayer.sync(this.model.nodesIn(this.covered), (node) => this.lookOf(node));
    this.nodeLayer.drawOnlyIn(this.drawnArea());
    this.shownLinks = new Map(this.model.linksIn(this.covered).map((link) => [link.id, link]));
    this.placeLinkButton();
    this.stage.batchDraw();
  }

  /** What cull would do, for just the nodes and links an update touched (same area). */
  private patch(covered: Box, touched: ModelChanges): void {
    for (const id of touched.nodes) {
      const node = this.model.node(id);
      if (node && boxesOverlap(nodeBox(node), covered)) this.nodeLayer.show(node, this.lookOf(node));
      else this.nodeLayer.hide(id);
    }
    for (const id of touched.links) {
      const link = this.model.links.get(id);
      if (link && boxesOverlap(curveBox(link.curve), covered)) this.shownLinks.set(id, link);
      else this.shownLinks.delete(id);
    }
    this.nodeLayer.drawOnlyIn(this.drawnArea());
    this.placeLinkButton();
    this.stage.batchDraw();
  }

  /** Keeps the selected link's delete button on the middle of its curve. */
  private placeLinkButton(): void {
    const link = this.selection.linkId ? this.model.links.get(this.selection.linkId) : undefined;
    placeLinkButton(this.linkButton, link, this.drag, this.model, this.view);
  }
}
