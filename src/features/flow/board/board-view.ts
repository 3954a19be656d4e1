import type { Box, Point } from './geometry';
import type { ZoomCommand } from './zoom-keys';
import { centredOn, steppedScale, toScreen, toWorld, visibleWorld, zoomAround, type View } from './viewport';

/**
 * The board's view and the ways the author moves it (pan, zoom by steps or to a scale, centre on
 * a point), all through setView, which the renderer implements (it re-culls and redraws).
 */
export abstract class BoardView {
  view: View = { scale: 1, x: 0, y: 0 };
  /** The board's size in screen pixels. */
  protected width = 1;
  protected height = 1;

  abstract setView(view: View): void;
  /** Shows the whole flow (or its top-left corner when it cannot fit at the smallest scale). */
  abstract fit(): void;

  panBy(dx: number, dy: number): void {
    this.setView({ ...this.view, x: this.view.x + dx, y: this.view.y + dy });
  }

  zoomAt(screen: Point, scale: number): void {
    this.setView(zoomAround(this.view, screen, scale));
  }

  /** A zoom button or key: in, out, to 100 %, or fit the whole flow. */
  zoom(command: ZoomCommand): void {
    if (command === 'in') this.zoomStep(1);
    else if (command === 'out') this.zoomStep(-1);
    else if (command === 'actual') this.zoomTo(1);
    else this.fit();
  }

  /** Zooms `steps` presses in (positive) or out (negative) around the middle of the board. */
  zoomStep(steps: number): void {
    this.zoomAt(this.middle(), steppedScale(this.view.scale, steps));
  }

  /** Zooms to `scale` around the middle of the board. */
  zoomTo(scale: number): void {
    this.zoomAt(this.middle(), scale);
  }

  /** Puts the world point `world` in the middle of the board, at the same zoom. */
  centreOn(world: Point): void {
    this.setView(centredOn(this.view, world, this.width, this.height));
  }

  /** The world point in the middle of the board. */
  centre(): Point {
    return toWorld(this.view, this.middle());
  }

  /** The part of the world the board shows. */
  seen(): Box {
    return visibleWorld(this.view, this.width, this.height);
  }

  screenOf(world: Point): Point {
    return toScreen(this.view, world);
  }

  protected middle(): Point {
    return { x: this.width / 2, y: this.height / 2 };
  }
}
