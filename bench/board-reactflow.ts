import type { Browser, Page } from 'playwright';
import { HEADER_HEIGHT, NODE_WIDTH } from '../src/features/flow/board/geometry.js';
import { EDIT_REPEATS, LOADS, type BoardFigures, type SharedView } from './board-figures.js';
import { dragNode, frameTimes, pan, spotsAround, zoom, type Area, type Point } from './board-gestures.js';
import { REACT_FLOW_PATH, type BenchServer } from './board-setup.js';
import { VIEWPORT } from './board-ours.js';
import { summarize } from './stats.js';

// The same flow drawn by React Flow (bench/reactflow), in a box the size of our board, opened at
// our board's view, under the same mouse and wheel input. Edits go through setNodes/setEdges in
// the page (React Flow has no editor of its own to drive); it has no undo or redo.

interface ReactFlowHook {
  edit(kind: 'move' | 'add' | 'delete', id: string): number;
  view(): { x: number; y: number; zoom: number };
}

async function loadTime(page: Page): Promise<number> {
  await page.waitForFunction(() => performance.getEntriesByName('rf:drawn').length > 0, null, {
    timeout: 120_000,
  });
  return page.evaluate(
    () =>
      performance.getEntriesByName('rf:drawn')[0].startTime -
      performance.getEntriesByName('rf:received')[0].startTime,
  );
}

/** The first of `spots` on the bare pane (no node, no edge under it). */
function freeSpot(page: Page, spots: Point[]): Promise<Point | undefined> {
  return page.evaluate(
    (list) =>
      list.find((p) => {
        const under = document.elementFromPoint(p.x, p.y);
        return (
          !!under?.closest('.react-flow__pane') && !under.closest('.react-flow__node, .react-flow__edge')
        );
      }),
    spots,
  );
}

export async function measureReactFlow(
  browser: Browser,
  server: BenchServer,
  shared: SharedView,
  renderAll: boolean,
): Promise<BoardFigures> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript((token) => localStorage.setItem('accessToken', token), server.token);
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
      loads.push(await loadTime(page));
    }
    const area: Area = { x: 0, y: 0, width: shared.width, height: shared.height };
    const free = await freeSpot(page, spotsAround(area));
    if (!free) throw new Error('board (React Flow): no free spot on the pane');
    const { dragged } = shared;
    const grip = {
      x: (dragged.x + NODE_WIDTH / 2) * shared.scale + shared.x,
      y: (dragged.y + HEADER_HEIGHT / 2) * shared.scale + shared.y,
    };

    const panned = await frameTimes(page, () => pan(page, free, area));
    const zoomed = await frameTimes(page, () => zoom(page, { x: area.width / 2, y: area.height / 2 }));
    const draggedFrames = await frameTimes(page, () => dragNode(page, grip));

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
      load: summarize(loads).median,
      pan: panned,
      zoom: zoomed,
      drag: draggedFrames,
      move: summarize(moves).median,
      add: summarize(adds).median,
      delete: summarize(deletes).median,
      undo: null,
      redo: null,
    };
  } finally {
    await context.close();
  }
}
