import type { Browser, Page } from 'playwright';
import {
  EDIT_MEASURE,
  FLOW_DRAWN_MARK,
  FLOW_RECEIVED_MARK,
  STEP_MEASURE,
} from '../src/features/flow/store/flow-editor.js';
import { EDIT_REPEATS, LOADS, type BoardFigures, type SharedView } from './board-figures.js';
import { dragNode, frameTimes, pan, spotsAround, zoom, type Area, type Point } from './board-gestures.js';
import type { BenchServer } from './board-setup.js';
import { summarize } from './stats.js';

// Our editor at /flow, driven like a person would: the flow opened from the server, pan, zoom and
// a node dragged with the mouse, edits made with the mouse, the Node menu and the keyboard. The
// app's own performance marks and measures (flow-editor.ts) give the load and edit times; the
// read-only test hook (window.__botflow) says where nodes are on screen.

export const VIEWPORT = { width: 1280, height: 800 };

interface Hook {
  status(): string;
  view(): { scale: number; x: number; y: number };
  nodes(): {
    id: string;
    x: number;
    y: number;
    header: Point;
    box: { left: number; top: number; width: number; height: number };
  }[];
}

async function loadTime(page: Page): Promise<number> {
  await page.waitForFunction((drawn) => performance.getEntriesByName(drawn).length > 0, FLOW_DRAWN_MARK, {
    timeout: 120_000,
  });
  return page.evaluate(
    ([received, drawn]) =>
      performance.getEntriesByName(drawn)[0].startTime - performance.getEntriesByName(received)[0].startTime,
    [FLOW_RECEIVED_MARK, FLOW_DRAWN_MARK],
  );
}

/** Runs `action` and answers the duration of the measure `name` (of type `detail`) it leaves. */
async function measured(page: Page, name: string, detail: string | null, action: () => Promise<void>) {
  const count = () =>
    page.evaluate(
      ([n, d]) =>
        performance.getEntriesByName(n).filter((e) => d === null || (e as PerformanceMeasure).detail === d)
          .length,
      [name, detail] as const,
    );
  const before = await count();
  await action();
  await page.waitForFunction(
    ([n, d, c]) =>
      performance.getEntriesByName(n).filter((e) => d === null || (e as PerformanceMeasure).detail === d)
        .length > c,
    [name, detail, before] as const,
  );
  return page.evaluate(
    ([n, d]) =>
      performance
        .getEntriesByName(n)
        .filter((e) => d === null || (e as PerformanceMeasure).detail === d)
        .at(-1)!.duration,
    [name, detail] as const,
  );
}

/** Nodes wholly in view, nearest the middle first, and the first spot of `spots` no node covers. */
function pick(page: Page, area: Area, spots: Point[]) {
  return page.evaluate(
    ({ area, spots }) => {
      const hook = (window as unknown as { __botflow: Hook }).__botflow;
      const inView = hook
        .nodes()
        .filter(
          (n) =>
            n.box.left >= area.x &&
            n.box.top >= area.y &&
            n.box.left + n.box.width <= area.x + area.width &&
            n.box.top + n.box.height <= area.y + area.height,
        );
      const cx = area.x + area.width / 2;
      const cy = area.y + area.height / 2;
      inView.sort(
        (a, b) => Math.hypot(a.header.x - cx, a.header.y - cy) - Math.hypot(b.header.x - cx, b.header.y - cy),
      );
      const m = 12;
      const free = spots.find(
        (p) =>
          !inView.some(
            (n) =>
              p.x >= n.box.left - m &&
              p.x <= n.box.left + n.box.width + m &&
              p.y >= n.box.top - m &&
              p.y <= n.box.top + n.box.height + m,
          ),
      );
      return { free, nodes: inView.slice(0, 8).map(({ id, x, y, header }) => ({ id, x, y, header })) };
    },
    { area, spots },
  );
}

export async function measureOurs(
  browser: Browser,
  server: BenchServer,
): Promise<{ figures: BoardFigures; shared: SharedView }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(
    ({ token, botId }) => {
      localStorage.setItem('accessToken', token);
      localStorage.setItem('activeBot', String(botId));
      localStorage.setItem('botflowTestHooks', '1');
    },
    { token: server.token, botId: server.botId },
  );
  const page = await context.newPage();
  try {
    const loads: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      if (i === 0) await page.goto(`${server.base}/flow`);
      else await page.reload();
      loads.push(await loadTime(page));
    }
    const area = (await page.getByRole('region', { name: 'Flow board' }).boundingBox())!;
    const view = await page.evaluate(() => (window as unknown as { __botflow: Hook }).__botflow.view());
    const { free, nodes } = await pick(page, area, spotsAround(area));
    if (!free || nodes.length < 7) throw new Error('board: no free spot or too few nodes in view');

    const panned = await frameTimes(page, () => pan(page, free, area));
    const zoomed = await frameTimes(page, () =>
      zoom(page, { x: area.x + area.width / 2, y: area.y + area.height / 2 }),
    );
    const dragged = await frameTimes(page, () => dragNode(page, nodes[0].header));

    const moves: number[] = [];
    const grip = nodes[1].header;
    for (let i = 0; i < EDIT_REPEATS; i++) {
      const dx = i % 2 === 0 ? 20 : -20;
      const from = { x: grip.x + (i % 2 === 0 ? 0 : 20), y: grip.y };
      moves.push(
        await measured(page, EDIT_MEASURE, 'move', async () => {
          await page.mouse.move(from.x, from.y);
          await page.mouse.down();
          await page.mouse.move(from.x + dx, from.y, { steps: 5 });
          await page.mouse.up();
        }),
      );
    }
    const adds: number[] = [];
    for (let i = 0; i < EDIT_REPEATS; i++) {
      adds.push(
        await measured(page, EDIT_MEASURE, 'add', async () => {
          await page.getByRole('button', { name: 'Node', exact: true }).click();
          await page.getByRole('menuitem').first().click();
        }),
      );
    }
    const deletes: number[] = [];
    for (const node of nodes.slice(2, 2 + EDIT_REPEATS)) {
      deletes.push(
        await measured(page, EDIT_MEASURE, 'delete', async () => {
          await page.mouse.click(node.header.x, node.header.y);
          await page.keyboard.press('Delete');
        }),
      );
    }
    const undos: number[] = [];
    const redos: number[] = [];
    for (let i = 0; i < EDIT_REPEATS; i++) {
      undos.push(await measured(page, STEP_MEASURE.undo, null, () => page.keyboard.press('Control+z')));
    }
    for (let i = 0; i < EDIT_REPEATS; i++) {
      redos.push(await measured(page, STEP_MEASURE.redo, null, () => page.keyboard.press('Control+Shift+z')));
    }

    return {
      figures: {
        load: summarize(loads).median,
        pan: panned,
        zoom: zoomed,
        drag: dragged,
        move: summarize(moves).median,
        add: summarize(adds).median,
        delete: summarize(deletes).median,
        undo: summarize(undos).median,
        redo: summarize(redos).median,
      },
      shared: {
        width: area.width,
        height: area.height,
        ...view,
        dragged: nodes[0],
        moved: nodes[1].id,
        deleted: nodes.slice(2, 2 + EDIT_REPEATS).map((n) => n.id),
      },
    };
  } finally {
    await context.close();
  }
}
