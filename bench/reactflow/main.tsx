import {
  ReactFlow,
  ReactFlowProvider,
  useEdgesState,
  useNodesState,
  useReactFlow,
  type Edge,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { newNode, type FlowNode } from '../../src/core/flow';
import { BenchNodeView } from './BenchNodeView';
import { toReactFlow, toReactFlowNode, type BenchNode } from './flow-data';
import './reactflow.css';

// The board bench's comparison page: the bot's published flow, fetched from the same API as the
// editor, drawn by React Flow in a box the size of the editor's board, opened at the editor's
// view. ?bot= names the bot, ?w=&h= the box, ?x=&y=&s= the view; ?all=1 turns React Flow's
// onlyRenderVisibleElements off. Marks `rf:received` and `rf:drawn` bracket the load.

const params = new URLSearchParams(location.search);
const num = (name: string, fallback: number) => Number(params.get(name) ?? fallback);
const nodeTypes = { bench: BenchNodeView };

type EditKind = 'move' | 'add' | 'delete';

export interface ReactFlowBench {
  /**
   * Applies one change to node `id` (move it 20 right, add it in the middle of the view, delete it
   * with its edges) through setNodes/setEdges, rendered synchronously; answers its ms.
   */
  edit(kind: EditKind, id: string): number;
  view(): { x: number; y: number; zoom: number };
  shownNodeCount(): number;
}

declare global {
  interface Window {
    __rf?: ReactFlowBench;
  }
}

async function fetchNodes(): Promise<FlowNode[]> {
  const response = await fetch(`/api/flow/${params.get('bot')}`, {
    headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
  });
  const body = (await response.json()) as { flow?: { nodes: FlowNode[] } };
  return body.flow?.nodes ?? [];
}

/** Marks `rf:drawn` in the first frame where nodes and edges are in the DOM and every node is shown. */
function markWhenDrawn(root: HTMLElement): void {
  const check = () => {
    const nodes = root.querySelectorAll<HTMLElement>('.react-flow__node');
    const edges = root.querySelectorAll('.react-flow__edge');
    const shown = [...nodes].every((n) => n.style.visibility !== 'hidden');
    if (nodes.length > 0 && edges.length > 0 && shown) performance.mark('rf:drawn');
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

function Board() {
  const [nodes, setNodes, onNodesChange] = useNodesState<BenchNode>([]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<Edge>([]);
  const flow = useReactFlow();
  const wrap = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    void fetchNodes().then((loaded) => {
      if (cancelled) return;
      performance.mark('rf:received');
      const data = toReactFlow(loaded);
      setNodes(data.nodes);
      setEdges(data.edges);
      markWhenDrawn(wrap.current!);
    });
    return () => {
      cancelled = true;
    };
  }, [setNodes, setEdges]);

  useEffect(() => {
    const timed = (apply: () => void) => {
      const started = performance.now();
      flushSync(apply);
      return performance.now() - started;
    };
    window.__rf = {
      edit(kind, id) {
        if (kind === 'move') {
          return timed(() =>
            setNodes((list) =>
              list.map((n) =>
                n.id === id ? { ...n, position: { x: n.position.x + 20, y: n.position.y } } : n,
              ),
            ),
          );
        }
        if (kind === 'add') {
          const at = flow.screenToFlowPosition({ x: num('w', 1000) / 2, y: num('h', 700) / 2 });
          const node = toReactFlowNode({ ...newNode('basic', id, at.x, at.y), name: `Basic ${id}` });
          return timed(() => setNodes((list) => [...list, node]));
        }
        return timed(() => {
          setNodes((list) => list.filter((n) => n.id !== id));
          setEdges((list) => list.filter((e) => e.source !== id && e.target !== id));
        });
      },
      view: () => flow.getViewport(),
      shownNodeCount: () => wrap.current?.querySelectorAll('.react-flow__node').length ?? 0,
    };
  }, [flow, setNodes, setEdges]);

  return (
    <div ref={wrap} style={{ width: num('w', 1000), height: num('h', 700) }}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        nodeTypes={nodeTypes}
        defaultViewport={{ x: num('x', 0), y: num('y', 0), zoom: num('s', 1) }}
        minZoom={0.3}
        maxZoom={1.8}
        onlyRenderVisibleElements={params.get('all') !== '1'}
        proOptions={{ hideAttribution: true }}
      />
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <ReactFlowProvider>
    <Board />
  </ReactFlowProvider>,
);
