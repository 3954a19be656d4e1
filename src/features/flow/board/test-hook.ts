import { outputLabels, type FlowNode } from '../../../core/flow';
import type { FlowStore } from '../store/flow-store';
import {
  curvePoint,
  HEADER_HEIGHT,
  inputPoint,
  NODE_WIDTH,
  nodeHeight,
  outputPoint,
  type Point,
} from './geometry';
import type { BoardRenderer } from './renderer';

// Read-only board facts for end-to-end tests and the bench (issue 4): a canvas has no DOM to aim
// at, so Playwright asks here where a node's header or slot is on screen. Every answer is a fresh
// copy computed on request; nothing here can change the flow.

const FLAG = 'botflowTestHooks';

/** On in development builds, and in any build once local storage holds botflowTestHooks=1 (tests set it). */
export function testHooksEnabled(): boolean {
  if (import.meta.env.MODE !== 'production') return true;
  try {
    return localStorage.getItem(FLAG) === '1';
  } catch {
    return false;
  }
}

export interface NodeFacts {
  id: string;
  name: string;
  type: string;
  /** World position (as saved). */
  x: number;
  y: number;
  /** Page coordinates (what page.mouse takes): a point on the header, the input slot, each output. */
  header: Point;
  input: Point;
  outputs: { slotId: number; label: string; linkedTo: string | null; x: number; y: number }[];
  /** The node's rectangle in page coordinates. */
  box: { left: number; top: number; width: number; height: number };
}

declare global {
  interface Window {
    __botflow?: unknown;
  }
}

export function installTestHook(
  renderer: BoardRenderer,
  store: FlowStore,
  container: HTMLElement,
): () => void {
  if (!testHooksEnabled()) return () => {};
  const page = (world: Point): Point => {
    const rect = container.getBoundingClientRect();
    const screen = renderer.screenOf(world);
    return { x: rect.left + screen.x, y: rect.top + screen.y };
  };
  const pageBox = (node: FlowNode) => {
    const corner = page({ x: node.x, y: node.y });
    return { left: corner.x, top: corner.y };
  };
  const facts = (node: FlowNode): NodeFacts => {
    const labels = outputLabels(node);
    return {
      id: node.id,
      name: node.name,
      type: node.type,
      x: node.x,
      y: node.y,
      header: page({ x: node.x + NODE_WIDTH / 2, y: node.y + HEADER_HEIGHT / 2 }),
      input: page(inputPoint(node)),
      outputs: node.next.map((slot, i) => ({
        slotId: slot.id,
        label: labels[i],
        linkedTo: slot.node,
        ...page(outputPoint(node, i)),
      })),
      box: {
        ...pageBox(node),
        width: NODE_WIDTH * renderer.view.scale,
        height: nodeHeight(node.next.length) * renderer.view.scale,
      },
    };
  };
  const hook = Object.freeze({
    nodes: () => store.getState().nodes.map(facts),
    node: (idOrName: string) => {
      const node = store.getState().nodes.find((n) => n.id === idOrName || n.name === idOrName);
      return node ? facts(node) : null;
    },
    links: () =>
      [...renderer.model.links.values()]
        .sort(
          (a, b) => renderer.model.rank(a.from) - renderer.model.rank(b.from) || a.slotIndex - b.slotIndex,
        )
        .map((link) => ({
          id: link.id,
          from: link.from,
          slotId: link.slotId,
          to: link.to,
          middle: page(curvePoint(link.curve, 0.5)),
          /** Points along the curve (t = 0.1 … 0.9), to click a part of it no node covers. */
          along: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9].map((t) => page(curvePoint(link.curve, t))),
        })),
    selection: () => ({ ...store.getState().selection }),
    /** The nodes selected together (issue 20 §2), empty unless two or more. */
    group: () => [...store.getState().group],
    history: () => ({ ...store.getState().history }),
    historyDepth: () => store.getState().history.depth,
    view: () => ({ ...renderer.view }),
    shownNodeCount: () => renderer.shownNodeCount,
    status: () => store.getState().status,
    flowName: () => store.getState().flowName,
    /** Nodes marked invalid on the board (their saved content fails validation). */
    invalidNodeIds: () => Object.keys(store.getState().problems),
  });
  window.__botflow = hook;
  return () => {
    if (window.__botflow === hook) delete window.__botflow;
  };
}
