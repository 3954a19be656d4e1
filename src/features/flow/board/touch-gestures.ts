import type { Point } from './geometry';
import type { BoardRenderer } from './renderer';

type Viewport = Pick<BoardRenderer, 'view' | 'panBy' | 'zoomAt'>;

/** A pointercancel this module sends to end the one-finger gesture; its own listeners skip it. */
const HANDED_OVER = Symbol('handed over to the pinch');

/**
 * Two-finger pinch and pan on touch screens. interactions.ts follows one pointer at a time, which on
 * a phone already gives one-finger pan of the empty board, node drags and links. When a second
 * finger lands, this takes over: it cancels the one-finger gesture (nothing is recorded), then pans
 * with the fingers' midpoint and zooms around it by the change of their distance, until every
 * finger is lifted. Its listeners run in the capture phase and keep those touches from
 * interactions.ts. The board's CSS sets `touch-action: none`, so the browser neither scrolls nor
 * zooms the page meanwhile. Returns the function that detaches it.
 */
export function attachTouchGestures(container: HTMLElement, viewport: Viewport): () => void {
  const touches = new Map<number, Point>();
  /** True from the second finger down until the last finger is lifted. */
  let pinching = false;
  let last: { mid: Point; distance: number } | null = null;

  // Fingers are kept in page coordinates: the board can move on the page between two touches (a
  // selection changes the toolbar above it), and a distance or a pan step does not depend on it.
  const pageOf = (event: PointerEvent): Point => ({ x: event.clientX, y: event.clientY });
  const onBoard = (point: Point): Point => {
    const rect = container.getBoundingClientRect();
    return { x: point.x - rect.left, y: point.y - rect.top };
  };
  const isOurs = (event: PointerEvent) =>
    event.pointerType === 'touch' && !(event as PointerEvent & { [HANDED_OVER]?: true })[HANDED_OVER];

  function measure(): { mid: Point; distance: number } {
    const [a, b] = [...touches.values()];
    return {
      mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
      distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)),
    };
  }

  function onDown(event: PointerEvent): void {
    if (!isOurs(event)) return;
    touches.set(event.pointerId, pageOf(event));
    if (touches.size < 2 && !pinching) return;
    event.stopImmediatePropagation();
    if (!pinching) {
      pinching = true;
      const [first] = touches.keys();
      const cancel = new PointerEvent('pointercancel', {
        pointerId: first,
        pointerType: 'touch',
        bubbles: true,
      });
      Object.assign(cancel, { [HANDED_OVER]: true });
      container.dispatchEvent(cancel);
    }
    last = touches.size >= 2 ? measure() : null;
  }

  function onMove(event: PointerEvent): void {
    if (!isOurs(event) || !touches.has(event.pointerId)) return;
    touches.set(event.pointerId, pageOf(event));
    if (!pinching) return;
    event.stopImmediatePropagation();
    if (touches.size < 2 || !last) return;
    const now = measure();
    viewport.panBy(now.mid.x - last.mid.x, now.mid.y - last.mid.y);
    viewport.zoomAt(onBoard(now.mid), viewport.view.scale * (now.distance / last.distance));
    last = now;
  }

  function onUp(event: PointerEvent): void {
    if (!isOurs(event)) return;
    touches.delete(event.pointerId);
    if (!pinching) return;
    event.stopImmediatePropagation();
    // With one finger left the view holds still; a new second finger starts a new pinch.
    last = touches.size >= 2 ? measure() : null;
    if (touches.size === 0) pinching = false;
  }

  const capture = { capture: true };
  container.addEventListener('pointerdown', onDown, capture);
  container.addEventListener('pointermove', onMove, capture);
  container.addEventListener('pointerup', onUp, capture);
  container.addEventListener('pointercancel', onUp, capture);
  return () => {
    container.removeEventListener('pointerdown', onDown, capture);
    container.removeEventListener('pointermove', onMove, capture);
    container.removeEventListener('pointerup', onUp, capture);
    container.removeEventListener('pointercancel', onUp, capture);
  };
}
