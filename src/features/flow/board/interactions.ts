import type { FlowChange, NodeId } from '../../../core/flow';
import { outputPoint, selfLoopCurve, type Point } from './geometry';
import { hitTest, type BoardHit } from './hit-testing';
import type { BoardRenderer, BoardSelection } from './renderer';
import { toWorld, wheelScale } from './viewport';

/** What the board asks of the editor; the board itself never edits the flow. */
export interface BoardActions {
  select(selection: BoardSelection): void;
  edit(changes: FlowChange[]): void;
  beginGesture(): void;
  endGesture(): void;
  editNode(id: NodeId): void;
  /** The nodes selected together (issue 20 §2); empty unless two or more. */
  group(): ReadonlySet<NodeId>;
  /** Selects several nodes (rubber band, shift-click); `primary` is the one Edit opens. */
  selectNodes(ids: readonly NodeId[], primary?: NodeId | null): void;
  /** A published version is shown (issue 20 §4): the board only pans and zooms. */
  readOnly(): boolean;
}

/** A press becomes a drag only after moving this far (pixels), so a click never nudges a node. */
const DRAG_THRESHOLD = 4;

type Gesture =
  | { kind: 'idle' }
  | { kind: 'pan'; last: Point }
  | { kind: 'press'; nodeId: NodeId; start: Point; origin: Point; dragging: boolean }
  | { kind: 'link'; from: NodeId; slotId: number; start: Point }
  | { kind: 'group'; ids: NodeId[]; start: Point; dragging: boolean }
  /** Shift-drag on empty board: the rubber band, from `start` (world); `added` keeps what was selected. */
  | { kind: 'band'; start: Point; added: NodeId[] };

/** Wheel deltas in pixels, whatever unit the device reports them in. */
function wheelPixels(event: WheelEvent, pageHeight: number): number {
  if (event.deltaMode === WheelEvent.DOM_DELTA_LINE) return event.deltaY * 16;
  if (event.deltaMode === WheelEvent.DOM_DELTA_PAGE) return event.deltaY * pageHeight;
  return event.deltaY;
}

/**
 * The board's one event handler (STYLE.md: static layers do not listen): pointer, wheel and
 * double-click on the stage's container, turned into pan, zoom, select, drag and link gestures by
 * hit-testing against the board model. Returns the function that detaches it.
 */
export function attachInteractions(
  container: HTMLElement,
  renderer: BoardRenderer,
  actions: BoardActions,
): () => void {
  let gesture: Gesture = { kind: 'idle' };

  const screenOf = (event: MouseEvent): Point => {
    const rect = container.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const hitAt = (screen: Point): BoardHit =>
    hitTest(renderer.model, toWorld(renderer.view, screen), renderer.view.scale, renderer.rank);

  function onPointerDown(event: PointerEvent): void {
    if (event.button !== 0) return;
    const screen = screenOf(event);
    const hit = hitAt(screen);
    renderer.setHoveredLink(null);
    container.setPointerCapture(event.pointerId);
    if (actions.readOnly()) {
      gesture = { kind: 'pan', last: screen };
      container.style.cursor = 'grabbing';
    } else if (hit.kind === 'node' && hit.part.kind === 'output') {
      gesture = { kind: 'link', from: hit.nodeId, slotId: hit.part.slotId, start: screen };
      container.style.cursor = 'crosshair';
    } else if (hit.kind === 'node' && event.shiftKey) {
      // Shift-click adds the node to the selection, or takes it out.
      const current = selectedNow();
      const ids = current.includes(hit.nodeId)
        ? current.filter((id) => id !== hit.nodeId)
        : [...current, hit.nodeId];
      actions.selectNodes(ids, ids.includes(hit.nodeId) ? hit.nodeId : (ids[0] ?? null));
    } else if (hit.kind === 'node' && actions.group().has(hit.nodeId)) {
      // A press on a node of the group drags the whole group.
      gesture = { kind: 'group', ids: [...actions.group()], start: screen, dragging: false };
    } else if (hit.kind === 'node') {
      const node = renderer.model.node(hit.nodeId)!;
      actions.select({ nodeId: hit.nodeId, linkId: null });
      gesture = {
        kind: 'press',
        nodeId: hit.nodeId,
        start: screen,
        origin: { x: node.x, y: node.y },
        dragging: false,
      };
    } else if (hit.kind === 'link') {
      actions.select({ nodeId: null, linkId: hit.link.id });
      gesture = { kind: 'pan', last: screen };
    } else if (event.shiftKey) {
      gesture = { kind: 'band', start: toWorld(renderer.view, screen), added: selectedNow() };
      container.style.cursor = 'crosshair';
    } else {
      actions.select({ nodeId: null, linkId: null });
      gesture = { kind: 'pan', last: screen };
      container.style.cursor = 'grabbing';
    }
  }

  /** What is selected now, as a list (the group, or the one node). */
  function selectedNow(): NodeId[] {
    const group = actions.group();
    if (group.size > 0) return [...group];
    const one = renderer.selectedNodeId;
    return one ? [one] : [];
  }

  function bandBox(start: Point, screen: Point) {
    const end = toWorld(renderer.view, screen);
    return {
      minX: Math.min(start.x, end.x),
      minY: Math.min(start.y, end.y),
      maxX: Math.max(start.x, end.x),
      maxY: Math.max(start.y, end.y),
    };
  }

  function onPointerMove(event: PointerEvent): void {
    const screen = screenOf(event);
    switch (gesture.kind) {
      case 'idle':
        return hover(screen);
      case 'pan':
        renderer.panBy(screen.x - gesture.last.x, screen.y - gesture.last.y);
        gesture.last = screen;
        return;
      case 'press': {
        const dx = screen.x - gesture.start.x;
        const dy = screen.y - gesture.start.y;
        if (!gesture.dragging) {
          if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
          gesture.dragging = true;
          actions.beginGesture();
          renderer.beginNodeDrag(gesture.nodeId);
          container.style.cursor = 'grabbing';
        }
        const scale = renderer.view.scale;
        renderer.dragNodeTo(gesture.origin.x + dx / scale, gesture.origin.y + dy / scale);
        return;
      }
      case 'group': {
        const dx = screen.x - gesture.start.x;
        const dy = screen.y - gesture.start.y;
        if (!gesture.dragging) {
          if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
          gesture.dragging = true;
          actions.beginGesture();
          renderer.beginGroupDrag(gesture.ids);
          container.style.cursor = 'grabbing';
        }
        renderer.dragGroupBy(dx / renderer.view.scale, dy / renderer.view.scale);
        return;
      }
      case 'band':
        renderer.setBand(bandBox(gesture.start, screen));
        return;
      case 'link': {
        const node = renderer.model.node(gesture.from);
        const slotId = gesture.slotId;
        const index = node?.next.findIndex((slot) => slot.id === slotId) ?? -1;
        if (!node || index < 0) return;
        // Over its own input the link to be made is a self-loop: show the loop it will be.
        const hit = hitAt(screen);
        if (hit.kind === 'node' && hit.nodeId === node.id && hit.part.kind === 'input') {
          renderer.showDraft(selfLoopCurve(node, index));
        } else {
          renderer.setDraft(outputPoint(node, index), toWorld(renderer.view, screen));
        }
        return;
      }
    }
  }

  function onPointerUp(event: PointerEvent): void {
    const screen = screenOf(event);
    const done = gesture;
    gesture = { kind: 'idle' };
    if (container.hasPointerCapture(event.pointerId)) container.releasePointerCapture(event.pointerId);
    if (done.kind === 'group') {
      if (done.dragging) {
        const scale = renderer.view.scale;
        const dx = Math.round((screen.x - done.start.x) / scale);
        const dy = Math.round((screen.y - done.start.y) / scale);
        renderer.endGroupDrag();
        actions.edit(groupMoves(done.ids, dx, dy));
        actions.endGesture();
      } else {
        // A click (no drag) on a node of the group selects that node alone.
        const hit = hitAt(screen);
        if (hit.kind === 'node') actions.select({ nodeId: hit.nodeId, linkId: null });
      }
    } else if (done.kind === 'band') {
      renderer.setBand(null);
      const inside = renderer.model.nodesIn(bandBox(done.start, screen)).map((node) => node.id);
      const ids = [...new Set([...done.added, ...inside])];
      actions.selectNodes(ids, ids[0] ?? null);
    } else if (done.kind === 'press' && done.dragging) {
      const scale = renderer.view.scale;
      const x = Math.round(done.origin.x + (screen.x - done.start.x) / scale);
      const y = Math.round(done.origin.y + (screen.y - done.start.y) / scale);
      renderer.endNodeDrag();
      actions.edit([{ type: 'move', id: done.nodeId, x, y }]);
      actions.endGesture();
    } else if (done.kind === 'link') {
      renderer.setDraft(null, null);
      const hit = hitAt(screen);
      // Dropping on a node's input (or anywhere on it) links to it; a node links to itself only
      // when the drop is on its own input slot.
      if (hit.kind === 'node' && (hit.nodeId !== done.from || hit.part.kind === 'input')) {
        actions.edit([{ type: 'link', from: done.from, slot: done.slotId, to: hit.nodeId }]);
      }
    }
    hover(screen);
  }

  /** One move per node of the group, by (dx, dy), recorded as one edit. */
  function groupMoves(ids: readonly NodeId[], dx: number, dy: number): FlowChange[] {
    const moves: FlowChange[] = [];
    if (dx === 0 && dy === 0) return moves;
    for (const id of ids) {
      const node = renderer.model.node(id);
      if (node) moves.push({ type: 'move', id, x: node.x + dx, y: node.y + dy });
    }
    return moves;
  }

  function hover(screen: Point): void {
    const hit = hitAt(screen);
    renderer.setHoveredLink(hit.kind === 'link' ? hit.link.id : null);
    if (hit.kind === 'node') container.style.cursor = hit.part.kind === 'output' ? 'crosshair' : 'pointer';
    else container.style.cursor = hit.kind === 'link' ? 'pointer' : 'grab';
  }

  function onWheel(event: WheelEvent): void {
    event.preventDefault();
    const delta = wheelPixels(event, container.clientHeight);
    renderer.zoomAt(screenOf(event), wheelScale(renderer.view.scale, delta));
  }

  function onDoubleClick(event: MouseEvent): void {
    const hit = hitAt(screenOf(event));
    if (hit.kind === 'node' && !actions.readOnly()) actions.editNode(hit.nodeId);
  }

  /** The pointer was taken away mid-gesture (capture lost, touch cancelled): nothing is recorded. */
  function onCancel(event: PointerEvent): void {
    if (gesture.kind === 'press' && gesture.dragging) {
      renderer.endNodeDrag(false);
      actions.endGesture();
    }
    if (gesture.kind === 'link') renderer.setDraft(null, null);
    if (gesture.kind === 'group' && gesture.dragging) {
      renderer.endGroupDrag(false);
      actions.endGesture();
    }
    if (gesture.kind === 'band') renderer.setBand(null);
    gesture = { kind: 'idle' };
    if (container.hasPointerCapture(event.pointerId)) container.releasePointerCapture(event.pointerId);
  }

  const onLeave = () => renderer.setHoveredLink(null);

  container.addEventListener('pointerdown', onPointerDown);
  container.addEventListener('pointerleave', onLeave);
  container.addEventListener('pointermove', onPointerMove);
  container.addEventListener('pointerup', onPointerUp);
  container.addEventListener('pointercancel', onCancel);
  container.addEventListener('lostpointercapture', onCancel);
  container.addEventListener('wheel', onWheel, { passive: false });
  container.addEventListener('dblclick', onDoubleClick);
  return () => {
    container.removeEventListener('pointerdown', onPointerDown);
    container.removeEventListener('pointerleave', onLeave);
    container.removeEventListener('pointermove', onPointerMove);
    container.removeEventListener('pointerup', onPointerUp);
    container.removeEventListener('pointercancel', onCancel);
    container.removeEventListener('lostpointercapture', onCancel);
    container.removeEventListener('wheel', onWheel);
    container.removeEventListener('dblclick', onDoubleClick);
  };
}
