import type { Browser, Page } from 'playwright';
import {
  EDIT_MEASURE,
  FLOW_DRAWN_MARK,
  FLOW_RECEIVED_MARK,
  STEP_MEASURE,
} from '../src/features/flow/store/flow-editor.js';
import { WHEEL_STEP } from '../src/features/flow/board/viewport.js';
import {
  DETAIL_SCALE,
  EDIT_REPEATS,
  LOADS,
  RUNS,
  type FrameFigures,
  type GestureName,
  type OurFigures,
  type SharedView,
  type ZoomName,
} from './board-figures.js';
import {
  installFrameDriver,
  paintedLoadTime,
  sendWheel,
  textsInView,
  withCpuTimes,
  type FrameRunner,
  type FrameWork,
  type MeasuredFrame,
} from './board-frames.js';
import { dragNode, pan, spotsAround, zoom, type Area, type Point } from './board-gestures.js';
import type { BenchServer } from './board-setup.js';
import { spread } from './stats.js';

// Our editor at /flow: the flow opened from the server (first draw, up to the painted frame),
// then pan, zoom and a node drag at the fitted zoom and at the detail zoom, each frame's work
// timed by the frame driver (board-frames.ts), then edits made with the mouse, the Node menu and
// the keyboard. The app's own performance marks and measures (flow-editor.ts) give the load and
// edit times; the read-only test hook (window.__botflow) says where nodes are on screen.

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

const view = (page: Page) => page.evaluate(() => (window as unknown as { __botflow: Hook }).__botflow.view());

/**
 * Zooms at `at` (one wheel event, outside any measurement) until the board's scale is `target`;
 * answers the scale reached. Only the wheel is used, so this works whatever else the board has.
 */
async function zoomTo(page: Page, target: number, at: Point): Promise<number> {
  let { scale } = await view(page);
  for (let i = 0; i < 5 && Math.abs(scale - target) > 1e-3; i++) {
    await sendWheel(page, { type: 'wheel', ...at, deltaY: -Math.log(target / scale) / WHEEL_STEP });
    scale = (await view(page)).scale;
  }
  await page.waitForTimeout(100); // drawn by a real frame before anything is measured
  return scale;
}

/** Where the gestures start at the current view: a bare spot (pan) and a node header (drag). */
interface Place {
  free: Point;
  grip: Point;
  scale: number;
  texts: number;
}

async function placeHere(page: Page, area: Area, zoomName: ZoomName): Promise<Place> {
  const { free, nodes } = await pick(page, area, spotsAround(area));
  if (!free || nodes.length === 0)
    throw new Error(`board: no free spot or no node in view (${zoomName} zoom)`);
  return { free, grip: nodes[0].header, scale: (await view(page)).scale, texts: await textsInView(page) };
}

/** One run of `gesture`: the real mouse presses and releases, the driver sends the frames. */
async function runGesture(
  page: Page,
  run: FrameRunner,
  gesture: GestureName,
  zoomName: ZoomName,
  place: Place,
  area: Area,
): Promise<FrameWork[]> {
  const centre = { x: area.x + area.width / 2, y: area.y + area.height / 2 };
  if (gesture === 'zoom') return run(zoom(centre, zoomName === 'fitted'));
  const start = gesture === 'pan' ? place.free : place.grip;
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  try {
    return await run(gesture === 'pan' ? pan(start, area) : dragNode(start));
  } finally {
    await page.mouse.up();
    await page.waitForTimeout(100);
  }
}

const ZOOMS: ZoomName[] = ['fitted', 'detail'];
const GESTURES: GestureName[] = ['pan', 'zoom', 'drag'];

function frameFigures(
  zoomName: ZoomName,
  gesture: GestureName,
  place: Place,
  runs: MeasuredFrame[][],
): FrameFigures {
  const totals = runs.map((frames) => spread(frames.map(({ work: [a, b, c] }) => a + b + c)));
  const cpus = runs.map((frames) => spread(frames.map((f) => f.cpu).filter((cpu) => !Number.isNaN(cpu))));
  const all = runs.flat().map((f) => f.work);
  return {
    zoom: zoomName,
    gesture,
    scale: place.scale,
    texts: place.texts,
    medians: spread(totals.map((t) => t.median)),
    p95s: spread(totals.map((t) => t.p95)),
    cpuMedians: spread(cpus.map((t) => t.median)),
    cpuP95s: spread(cpus.map((t) => t.p95)),
    split: {
      input: spread(all.map((f) => f[0])).median,
      draw: spread(all.map((f) => f[1])).median,
      raster: spread(all.map((f) => f[2])).median,
    },
    frames: all.length,
  };
}

/**
 * Frame work of every gesture at the fitted and the detail zoom, RUNS times over. Runs are
 * interleaved (run 1 of everything, then run 2…) so a burst of load on the machine spreads over
 * all scenarios instead of spoiling one. Leaves the board at the fitted view.
 */
async function measureFrames(page: Page, area: Area): Promise<FrameFigures[]> {
  const centre = { x: area.x + area.width / 2, y: area.y + area.height / 2 };
  const fitted = (await view(page)).scale;
  const places = new Map<ZoomName, Place>();
  const runs = new Map<string, MeasuredFrame[][]>();
  for (let round = 0; round < RUNS; round++) {
    const keys: string[] = [];
    const measured = await withCpuTimes(page, async (run) => {
      for (const zoomName of ZOOMS) {
        await zoomTo(page, zoomName === 'fitted' ? fitted : DETAIL_SCALE, centre);
        if (!places.has(zoomName)) places.set(zoomName, await placeHere(page, area, zoomName));
        for (const gesture of GESTURES) {
          keys.push(`${zoomName} ${gesture}`);
          await runGesture(page, run, gesture, zoomName, places.get(zoomName)!, area);
        }
      }
    });
    keys.forEach((key, i) => runs.set(key, [...(runs.get(key) ?? []), measured[i]]));
  }
  await zoomTo(page, fitted, centre);
  return ZOOMS.flatMap((zoomName) =>
    GESTURES.map((gesture) =>
      frameFigures(zoomName, gesture, places.get(zoomName)!, runs.get(`${zoomName} ${gesture}`)!),
    ),
  );
}

export async function measureOurs(
  browser: Browser,
  server: BenchServer,
): Promise<{ figures: OurFigures; shared: SharedView }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(
    ({ token, botId }) => {
      localStorage.setItem('accessToken', token);
      localStorage.setItem('activeBot', String(botId));
      localStorage.setItem('botflowTestHooks', '1');
    },
    { token: server.token, botId: server.botId },
  );
  await installFrameDriver(context);
  const page = await context.newPage();
  try {
    const loads: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      if (i === 0) await page.goto(`${server.base}/flow`);
      else await page.reload();
      loads.push(await paintedLoadTime(page, FLOW_RECEIVED_MARK, FLOW_DRAWN_MARK));
    }
    const loadTexts = await textsInView(page);
    const area = (await page.getByRole('region', { name: 'Flow board' }).boundingBox())!;
    const opened = await view(page);

    const frames = await measureFrames(page, area);

    const { nodes } = await pick(page, area, spotsAround(area));
    if (nodes.length < 7) throw new Error('board: too few nodes in view for the edits');
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
        load: spread(loads),
        loadTexts,
        frames,
        move: spread(moves),
        add: spread(adds),
        delete: spread(deletes),
        undo: spread(undos),
        redo: spread(redos),
      },
      shared: {
        width: area.width,
        height: area.height,
        ...opened,
        moved: nodes[1].id,
        deleted: nodes.slice(2, 2 + EDIT_REPEATS).map((n) => n.id),
      },
    };
  } finally {
    await context.close();
  }
}
