import { nodeBox, type Box, type Point } from './geometry';
import { fromMinimap, minimapFrame, minimapSize, toMinimap, type MinimapFrame } from './minimap-frame';
import type { BoardRenderer } from './renderer';
import { cancelIdle, whenIdle, type IdleHandle } from '../when-idle';

/**
 * After the flow changes, the node bitmap is drawn again once it has been quiet this long (ms): a
 * drag or a burst of edits redraws it once, not on every change.
 */
const REDRAW_DELAY = 150;
/** The viewport rectangle is never drawn smaller than this (CSS pixels), so it can be found and grabbed. */
const MIN_RECT = 6;
/** A performance measure per bitmap redraw, for anyone profiling a large flow. */
export const MINIMAP_MEASURE = 'botflow:minimap-nodes';

/**
 * The minimap on a canvas (issue 13). Its cost must not grow with the flow on a pan or zoom
 * frame, so the nodes are drawn into an offscreen bitmap only when the flow changes (debounced),
 * and a frame copies that bitmap and strokes the viewport rectangle. A click or drag on it moves
 * the board's view there.
 */
export class Minimap {
  private readonly bitmap = document.createElement('canvas');
  /** The world box the bitmap shows (the flow's bounds when it was drawn), null for no nodes. */
  private bitmapBox: Box | null = null;
  private bitmapFrame: MinimapFrame | null = null;
  private redraw: ReturnType<typeof setTimeout> | null = null;
  private idle: IdleHandle | null = null;
  private frame: number | null = null;
  /** While dragging, the frame stays as it was at the press, so the map holds still under the pointer. */
  private held: { frame: MinimapFrame; offset: Point } | null = null;
  private readonly stop: (() => void)[] = [];
  private width = 1;
  private height = 1;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly renderer: BoardRenderer,
  ) {
    this.drawNodes();
    this.stop.push(renderer.viewChanged.listen(() => this.drawSoon()));
    this.stop.push(renderer.contentChanged.listen(() => this.drawNodesLater()));
    canvas.addEventListener('pointerdown', this.onDown);
    canvas.addEventListener('pointermove', this.onMove);
    canvas.addEventListener('pointerup', this.onUp);
    canvas.addEventListener('pointercancel', this.onUp);
    this.stop.push(() => {
      canvas.removeEventListener('pointerdown', this.onDown);
      canvas.removeEventListener('pointermove', this.onMove);
      canvas.removeEventListener('pointerup', this.onUp);
      canvas.removeEventListener('pointercancel', this.onUp);
    });
  }

  destroy(): void {
    for (const stop of this.stop) stop();
    if (this.redraw !== null) clearTimeout(this.redraw);
    if (this.idle !== null) cancelIdle(this.idle);
    if (this.frame !== null) cancelAnimationFrame(this.frame);
  }

  /** Sizes the canvas (and the bitmap) to the flow's proportions at the screen's pixel ratio. */
  private resize(content: Box | null): void {
    const ratio = window.devicePixelRatio || 1;
    const size = minimapSize(content);
    if (size.width === this.width && size.height === this.height) return;
    this.width = size.width;
    this.height = size.height;
    this.canvas.style.width = `${size.width}px`;
    this.canvas.style.height = `${size.height}px`;
    for (const canvas of [this.canvas, this.bitmap]) {
      canvas.width = Math.round(this.width * ratio);
      canvas.height = Math.round(this.height * ratio);
    }
  }

  private drawNodesLater(): void {
    if (this.redraw !== null) clearTimeout(this.redraw);
    // Quiet for a moment, then when the page is idle: never inside a pan or a first draw.
    this.redraw = setTimeout(() => {
      this.redraw = null;
      if (this.idle !== null) return;
      this.idle = whenIdle(() => {
        this.idle = null;
        this.drawNodes();
      });
    }, REDRAW_DELAY);
  }

  /** Draws every node into the bitmap (sized to the flow first): valid ones faded, problem ones red. */
  private drawNodes(): void {
    const started = performance.now();
    const { model, boardColors: colors, problemIds } = this.renderer;
    this.bitmapBox = model.bounds();
    this.resize(this.bitmapBox);
    const context = this.bitmap.getContext('2d');
    if (!context) return;
    const ratio = this.bitmap.width / this.width;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, this.bitmap.width, this.bitmap.height);
    if (!this.bitmapBox) {
      this.bitmapFrame = null;
      this.drawSoon();
      return;
    }
    const frame = minimapFrame(this.bitmapBox, this.bitmapBox, this.width, this.height);
    this.bitmapFrame = frame;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    // Two passes (valid nodes faded, then problem nodes on top in the problem colour), so the
    // fill style is set twice rather than once per node.
    const fillNodes = (invalid: boolean) => {
      for (const node of model.nodes) {
        if (!problemIds[node.id] !== !invalid) continue;
        const box = nodeBox(node);
        // At least a pixel, so a node of a huge flow is still a dot.
        context.fillRect(
          box.minX * frame.scale + frame.x,
          box.minY * frame.scale + frame.y,
          Math.max(1, (box.maxX - box.minX) * frame.scale),
          Math.max(1, (box.maxY - box.minY) * frame.scale),
        );
      }
    };
    context.globalAlpha = 0.55;
    context.fillStyle = colors.muted;
    fillNodes(false);
    context.globalAlpha = 1;
    context.fillStyle = colors.danger;
    fillNodes(true);
    performance.measure(MINIMAP_MEASURE, { start: started, detail: model.nodes.length });
    this.drawSoon();
  }

  /** One draw per animation frame, however many view changes arrive in it. */
  private drawSoon(): void {
    if (this.frame !== null) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.draw();
    });
  }

  private currentFrame(): MinimapFrame {
    if (this.held) return this.held.frame;
    return minimapFrame(this.bitmapBox, this.renderer.seen(), this.width, this.height);
  }

  /** A frame's whole work: copy the bitmap where the frame puts it, stroke the viewport. */
  private draw(): void {
    const context = this.canvas.getContext('2d');
    if (!context) return;
    const ratio = this.canvas.width / this.width;
    const frame = this.currentFrame();
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, this.canvas.width, this.canvas.height);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    if (this.bitmapFrame) {
      // The bitmap's pixel (0, 0) is this world point; it scales by the ratio of the two frames.
      const k = frame.scale / this.bitmapFrame.scale;
      const x = (-this.bitmapFrame.x / this.bitmapFrame.scale) * frame.scale + frame.x;
      const y = (-this.bitmapFrame.y / this.bitmapFrame.scale) * frame.scale + frame.y;
      context.drawImage(this.bitmap, x, y, this.width * k, this.height * k);
    }
    const seen = this.renderer.seen();
    const colors = this.renderer.boardColors;
    const w = Math.max(MIN_RECT, (seen.maxX - seen.minX) * frame.scale);
    const h = Math.max(MIN_RECT, (seen.maxY - seen.minY) * frame.scale);
    const x = ((seen.minX + seen.maxX) / 2) * frame.scale + frame.x - w / 2;
    const y = ((seen.minY + seen.maxY) / 2) * frame.scale + frame.y - h / 2;
    context.globalAlpha = 0.12;
    context.fillStyle = colors.primary;
    context.fillRect(x, y, w, h);
    context.globalAlpha = 1;
    context.lineWidth = 1.5;
    context.strokeStyle = colors.primary;
    context.strokeRect(x, y, w, h);
  }

  private pointOf(event: PointerEvent): Point {
    const rect = this.canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  /**
   * A press inside the viewport rectangle grabs it (the view follows the pointer from where it
   * was); a press elsewhere centres the view there, and a drag carries on from that point.
   */
  private readonly onDown = (event: PointerEvent): void => {
    if (event.button !== 0) return;
    event.preventDefault();
    const frame = this.currentFrame();
    const point = this.pointOf(event);
    const world = fromMinimap(frame, point);
    const seen = this.renderer.seen();
    const grabbed =
      world.x >= seen.minX && world.x <= seen.maxX && world.y >= seen.minY && world.y <= seen.maxY;
    const centre = this.renderer.centre();
    const offset = grabbed ? { x: centre.x - world.x, y: centre.y - world.y } : { x: 0, y: 0 };
    this.held = { frame, offset };
    this.canvas.setPointerCapture(event.pointerId);
    this.renderer.centreOn({ x: world.x + offset.x, y: world.y + offset.y });
  };

  private readonly onMove = (event: PointerEvent): void => {
    if (!this.held) return;
    const world = fromMinimap(this.held.frame, this.pointOf(event));
    this.renderer.centreOn({ x: world.x + this.held.offset.x, y: world.y + this.held.offset.y });
  };

  private readonly onUp = (event: PointerEvent): void => {
    if (!this.held) return;
    this.held = null;
    if (this.canvas.hasPointerCapture(event.pointerId)) this.canvas.releasePointerCapture(event.pointerId);
    this.drawSoon();
  };

  /** Where a world point is on the minimap, in page coordinates (for the test hook). */
  pageOf(world: Point): Point {
    const rect = this.canvas.getBoundingClientRect();
    const at = toMinimap(this.currentFrame(), world);
    return { x: rect.left + at.x, y: rect.top + at.y };
  }
}
