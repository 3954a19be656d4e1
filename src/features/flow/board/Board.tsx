import type Konva from 'konva';
import { useEffect, useRef, useState } from 'react';
import { Layer, Stage } from 'react-konva';
import { useFlowEditor } from '../store/flow-context';
import { FLOW_DRAWN_MARK } from '../store/flow-editor';
import type { FlowState } from '../store/flow-store';
import { BoardNavigator } from './BoardNavigator';
import { focusView } from './focus-view';
import { nodeBox } from './geometry';
import { attachInteractions } from './interactions';
import { BoardRenderer } from './renderer';
import { boardAnalyticsOf } from './analytics-shapes';
import { useOverlayStore } from '../analytics/overlay-store';
import { installTestHook } from './test-hook';
import { attachTouchGestures } from './touch-gestures';
import { toWorld } from './viewport';
import { zoomCommandOf } from './zoom-keys';

interface BoardProps {
  /** Double-click on a node (the node-edit modal's hook point). */
  onEditNode(id: string): void;
}

/**
 * The Konva board. React renders the stage and its four layers once; from then on the renderer
 * draws imperatively from the editor's store, so pan, zoom and drag never re-render React.
 */
export function Board({ onEditNode }: BoardProps) {
  const editor = useFlowEditor();
  const wrapRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const linksRef = useRef<Konva.Layer>(null);
  const nodesRef = useRef<Konva.Layer>(null);
  const dragRef = useRef<Konva.Layer>(null);
  const overlayRef = useRef<Konva.Layer>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const editNode = useRef(onEditNode);
  // The zoom controls and minimap need the renderer, which exists once the stage is mounted.
  const [renderer, setRenderer] = useState<BoardRenderer | null>(null);

  useEffect(() => {
    editNode.current = onEditNode;
  }, [onEditNode]);

  useEffect(() => {
    const wrap = wrapRef.current!;
    const stage = stageRef.current!;
    const layers = {
      links: linksRef.current!,
      nodes: nodesRef.current!,
      drag: dragRef.current!,
      overlay: overlayRef.current!,
    };
    const renderer = new BoardRenderer(stage, layers, buttonRef.current, wrap);
    const { store } = editor;
    renderer.resize(wrap.clientWidth, wrap.clientHeight);

    let opened = -1;
    let selection: FlowState['selection'] | null = null;
    let problems: FlowState['problems'] | null = null;
    let group: FlowState['group'] | null = null;
    const sync = (state: FlowState) => {
      const opening = state.opened !== opened && state.status === 'ready';
      // A flow just opened is fitted as it is drawn (one cull at the fitted zoom).
      if (opening) renderer.open(state.nodes);
      else renderer.setNodes(state.nodes);
      if (state.problems !== problems) renderer.setProblems((problems = state.problems));
      if (state.group !== group) renderer.setGroup((group = state.group));
      if (state.selection !== selection) {
        selection = state.selection;
        renderer.setSelection(selection);
      }
      if (opening) {
        opened = state.opened;
        // Konva draws on the next animation frame; the mark lands once that frame is painted.
        requestAnimationFrame(() => performance.mark(FLOW_DRAWN_MARK));
      }
    };
    sync(store.getState());
    const unsubscribe = store.subscribe(sync);
    // The Analytics overlay: redrawn when it is switched or its figures change.
    let shown: unknown = undefined;
    const syncAnalytics = ({ on, metrics }: ReturnType<typeof useOverlayStore.getState>) => {
      const next = on ? metrics : null;
      if (next === shown) return;
      shown = next;
      renderer.setAnalytics(next ? boardAnalyticsOf(next) : null);
    };
    syncAnalytics(useOverlayStore.getState());
    const unsubscribeAnalytics = useOverlayStore.subscribe(syncAnalytics);

    const resizes = new ResizeObserver(() => renderer.resize(wrap.clientWidth, wrap.clientHeight));
    resizes.observe(wrap);
    // The dark theme is a class on <html>: re-read the colours when it changes.
    const themes = new MutationObserver(() => renderer.refreshColors());
    themes.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });

    // Before attachInteractions: a second finger takes the touches over for pinch and pan.
    const detachTouch = attachTouchGestures(stage.container(), renderer);
    const detach = attachInteractions(stage.container(), renderer, {
      select: editor.select,
      edit: editor.edit,
      beginGesture: editor.beginGesture,
      endGesture: editor.endGesture,
      editNode: (id) => editNode.current(id),
      group: () => store.getState().group,
      selectNodes: editor.selectNodes,
      readOnly: () => store.getState().status === 'viewing',
    });
    editor.attachBoard({
      viewCenter: () => toWorld(renderer.view, { x: wrap.clientWidth / 2, y: wrap.clientHeight / 2 }),
      occupied: (area) => renderer.model.anyNodeIn(area),
      bounds: () => renderer.model.bounds(),
      centreOn: (id) => {
        const node = store.getState().nodes.find((n) => n.id === id);
        if (node)
          renderer.setView(focusView(renderer.view, nodeBox(node), wrap.clientWidth, wrap.clientHeight));
      },
    });
    const unhook = installTestHook(renderer, store, stage.container());
    // The zoom keys work while the board (or a control on it) has focus and no field is typed in.
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.defaultPrevented || target.isContentEditable) return;
      if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      const command = zoomCommandOf(event);
      if (!command) return;
      event.preventDefault();
      renderer.zoom(command);
    };
    wrap.addEventListener('keydown', onKey);
    setRenderer(renderer);
    return () => {
      setRenderer(null);
      wrap.removeEventListener('keydown', onKey);
      unhook();
      editor.attachBoard(null);
      detach();
      detachTouch();
      themes.disconnect();
      resizes.disconnect();
      unsubscribe();
      unsubscribeAnalytics();
      renderer.destroy();
    };
  }, [editor]);

  return (
    // Focusable so the zoom keys reach it: a click on the canvas focuses the board.
    <div className="flow-board" ref={wrapRef} role="region" aria-label="Flow board" tabIndex={0}>
      <Stage ref={stageRef} width={1} height={1} listening={false}>
        <Layer ref={linksRef} listening={false} />
        <Layer ref={nodesRef} listening={false} />
        <Layer ref={dragRef} listening={false} />
        <Layer ref={overlayRef} listening={false} />
      </Stage>
      <button
        ref={buttonRef}
        type="button"
        className="flow-link-delete"
        aria-label="Delete link"
        title="Delete link"
        hidden
        onClick={() => {
          const linkId = editor.store.getState().selection.linkId;
          if (linkId) editor.deleteLink(linkId);
        }}
      >
        ×
      </button>
      {renderer && <BoardNavigator renderer={renderer} />}
    </div>
  );
}
