import type { Browser } from 'playwright';
import { EDIT_REPEATS, LOADS, type SharedView, type TheirFigures } from './board-figures.js';
import { installFrameDriver, paintedLoadTime } from './board-frames.js';
import { REACT_FLOW_PATH, type BenchServer } from './board-setup.js';
import { VIEWPORT } from './board-ours.js';
import { spread } from './stats.js';

// The same flow drawn by React Flow (bench/reactflow), in a box the size of our board, opened at
// our board's view: its first draw (with every node's labels, which React Flow draws at any zoom)
// up to the painted frame, as for our board. Edits go through setNodes/setEdges in the page
// (React Flow has no editor of its own to drive); it has no undo or redo. Its pan, zoom and drag
// are not timed: React renders them asynchronously, so there is no synchronous draw to time the
// way the frame driver times Konva's.

interface ReactFlowHook {
  edit(kind: 'move' | 'add' | 'delete', id: string): number;
  view(): { x: number; y: number; zoom: number };
}

export async function measureReactFlow(
  browser: Browser,
  server: BenchServer,
  shared: SharedView,
  renderAll: boolean,
): Promise<TheirFigures> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript((token) => localStorage.setItem('accessToken', token), server.token);
  await installFrameDriver(context);
  const page = await context.newPage();
  const query = new URLSearchParams({
    bot: String(server.botId),
    w: String(shared.width),
    h: String(shared.height),
    x: String(shared.x),
    y: String(shared.y),
    s: String(shared.scale),
    all: renderAll ? '1' : '0',
  });
  try {
    const loads: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      if (i === 0) await page.goto(`${server.base}${REACT_FLOW_PATH}?${query}`);
      else await page.reload();
      loads.push(await paintedLoadTime(page, 'rf:received', 'rf:drawn'));
    }
    const loadLabels = await page.evaluate(
      () => document.querySelectorAll('.react-flow__node .bench-node-name').length,
    );

    const edit = (kind: 'move' | 'add' | 'delete', id: string) =>
      page.evaluate(([k, i]) => (window as unknown as { __rf: ReactFlowHook }).__rf.edit(k, i), [
        kind,
        id,
      ] as const);
    const moves: number[] = [];
    const adds: number[] = [];
    const deletes: number[] = [];
    for (let i = 0; i < EDIT_REPEATS; i++) moves.push(await edit('move', shared.moved));
    for (let i = 0; i < EDIT_REPEATS; i++) adds.push(await edit('add', `added-${i}`));
    for (const id of shared.deleted) deletes.push(await edit('delete', id));

    return {
      load: spread(loads),
      loadLabels,
      move: spread(moves),
      add: spread(adds),
      delete: spread(deletes),
    };
  } finally {
    await context.close();
  }
}
