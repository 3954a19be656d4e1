// Issue 20 "Speed": the editor's power tools on a 10,000-node flow, in headless Chromium against
// the real server (the board bench's stage, bench/board-setup.ts). Each figure is measured RUNS
// times and printed as median (min–max):
// - search: one keystroke, from the input event to the results list committed (SearchPanel's
//   `botflow:search` measure), over several words typed a letter at a time;
// - select-all + move: Ctrl+A, then a drag of the whole selection; each frame's main-thread work
//   (CPU time of the frame's task from a trace, and wall time) by the board bench's frame driver;
// - paste 1,000 nodes: the app's `botflow:paste` measure (clipboard text parsed to the board
//   updated), and `botflow:paste-drawn` to the end of the frame that drew it;
// - auto-layout of those 1,000 nodes: dagre in the engine worker, from the request to the moves
//   applied (`botflow:layout`), and the longest main-thread task meanwhile (the thread is free);
// - open a history version: from the request to the version drawn (`botflow:version-open`),
//   against React Flow's first draw of the same flow (data received → painted).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright';
import playwrightConfig from '../playwright.config.js';
import { clipboardText, copyNodes } from '../src/core/flow/clipboard/clipboard-format.js';
import {
  LAYOUT_MEASURE,
  PASTE_DRAWN_MEASURE,
  PASTE_MEASURE,
  SEARCH_MEASURE,
  VERSION_FETCH_MEASURE,
  VERSION_OPEN_MEASURE,
} from '../src/features/flow/tool-measures.js';
import { FLOW_DRAWN_MARK, FLOW_RECEIVED_MARK } from '../src/features/flow/store/flow-editor.js';
import { generateFlow } from '../tests/e2e/flow-generate.js';
import { installFrameDriver, paintedLoadTime, withCpuTimes } from './board-frames.js';
import { dragNode, type Point } from './board-gestures.js';
import { VIEWPORT } from './board-ours.js';
import { buildPages, REACT_FLOW_PATH, startServer } from './board-setup.js';
import { printTable, spread, type Spread } from './stats.js';

const SIZE = Number(process.env.BENCH_TOOLS_SIZE ?? 10_000);
const RUNS = Number(process.env.BENCH_TOOLS_RUNS ?? 5);
const PASTED = 1000;
const WORDS = ['greeting', 'order status', 'refund', 'talk to a', 'shipping'];

const ms = (value: number) => value.toFixed(1);
const mid = (s: Spread) => `${ms(s.median)} (${ms(s.min)}–${ms(s.max)})`;
const verdict = (met: boolean) => (met ? 'PASS' : 'MISS');

/** Entries of a performance measure so far. */
const countOf = (page: Page, name: string) =>
  page.evaluate((n) => performance.getEntriesByName(n).length, name);

/** Runs `action`, waits for one more `name` measure and answers its duration. */
async function measured(page: Page, name: string, action: () => Promise<void>): Promise<number> {
  const before = await countOf(page, name);
  await action();
  await page.waitForFunction(
    ([n, c]) => performance.getEntriesByName(n).length > c,
    [name, before] as const,
    {
      timeout: 60_000,
    },
  );
  return page.evaluate((n) => performance.getEntriesByName(n).at(-1)!.duration, name);
}

interface Hook {
  status(): string;
  view(): { scale: number; x: number; y: number };
  nodes(): { id: string; header: Point; box: { left: number; top: number; width: number; height: number } }[];
  history(): { depth: number };
  group(): string[];
}
const hook = <T>(page: Page, fn: (h: Hook) => T) =>
  page.evaluate(`(${fn.toString()})(window.__botflow)`) as Promise<T>;

async function searchKeystrokes(page: Page): Promise<number[]> {
  await page.keyboard.press('Control+f');
  const box = page.getByRole('searchbox', { name: 'Search the flow' });
  await box.waitFor();
  const times: number[] = [];
  for (const word of WORDS) {
    await box.fill('');
    for (const letter of word) {
      times.push(await measured(page, SEARCH_MEASURE, () => page.keyboard.type(letter)));
    }
  }
  await page.keyboard.press('Escape');
  return times;
}

/** A node header wholly in the board, near its middle (where the group drag grips). */
async function gripInView(page: Page): Promise<Point> {
  const area = (await page.getByRole('region', { name: 'Flow board' }).boundingBox())!;
  const nodes = await page.evaluate((a) => {
    const h = (window as unknown as { __botflow: Hook }).__botflow;
    return h
      .nodes()
      .filter(
        (n) =>
          n.box.left >= a.x + a.width * 0.3 &&
          n.box.top >= a.y + a.height * 0.3 &&
          n.box.left + n.box.width <= a.x + a.width * 0.7 &&
          n.box.top + n.box.height <= a.y + a.height * 0.7,
      )
      .map((n) => n.header);
  }, area);
  if (nodes.length === 0) throw new Error('editor tools bench: no node in the middle of the board');
  return nodes[0];
}

async function undoTo(page: Page, depth: number): Promise<void> {
  while ((await hook(page, (h) => h.history().depth)) > depth) {
    await page.keyboard.press('Control+z');
    await page.waitForTimeout(50);
  }
}

export async function runEditorToolsBench(): Promise<void> {
  const started = performance.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'botflow-bench-tools-'));
  const distDir = path.join(work, 'dist');
  await buildPages(distDir);
  const server = await startServer(path.join(work, 'data'), distDir);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: playwrightConfig.use?.launchOptions?.args,
  });
  const flow = generateFlow(SIZE);
  await server.publish(flow);
  // A second version: every 50th node renamed and moved, so opening version 1 has changes to show.
  await server.publish(flow.map((n, i) => (i % 50 === 0 ? { ...n, name: `${n.name} v2`, x: n.x + 40 } : n)));
  const pasteText = clipboardText(
    copyNodes(
      generateFlow(PASTED),
      generateFlow(PASTED).map((n) => n.id),
      { botId: server.botId, flowName: 'main', languages: [{ code: 'en' }], defaultLanguage: 'en' },
    ),
  );

  const figures = {
    search: [] as number[],
    frameCpuP95: [] as number[],
    frameWallP95: [] as number[],
    frameCpuMedian: [] as number[],
    frameCpuMax: [] as number[],
    drop: [] as number[],
    paste: [] as number[],
    pasteDrawn: [] as number[],
    layout: [] as number[],
    layoutLongestTask: [] as number[],
    version: [] as number[],
    versionFetch: [] as number[],
    reactFlow: [] as number[],
  };
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    await context.addInitScript(
      ({ token, botId }) => {
        localStorage.setItem('accessToken', token);
        localStorage.setItem('activeBot', String(botId));
        localStorage.setItem('botflowTestHooks', '1');
        // Main-thread tasks over 50 ms, for "the main thread is free" while the worker lays out.
        (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) {
            (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks.push({
              start: e.startTime,
              duration: e.duration,
            });
          }
        }).observe({ type: 'longtask', buffered: false });
      },
      { token: server.token, botId: server.botId },
    );
    await installFrameDriver(context);
    const page = await context.newPage();
    await page.goto(`${server.base}/flow`);
    await paintedLoadTime(page, FLOW_RECEIVED_MARK, FLOW_DRAWN_MARK);
    const shared = {
      ...(await hook(page, (h) => h.view())),
      ...(await page.getByRole('region', { name: 'Flow board' }).boundingBox())!,
    };

    for (let run = 0; run < RUNS; run++) {
      figures.search.push(...(await searchKeystrokes(page)));

      // Select all and drag the whole flow around a loop (dropped where it was picked up).
      const depth = await hook(page, (h) => h.history().depth);
      await page.getByRole('region', { name: 'Flow board' }).focus();
      await page.keyboard.press('Control+a');
      await page.waitForFunction(
        (n) => (window as unknown as { __botflow: Hook }).__botflow.group().length === n,
        SIZE,
      );
      const grip = await gripInView(page);
      await page.mouse.move(grip.x, grip.y);
      await page.mouse.down();
      const [frames] = await withCpuTimes(page, async (runFrames) => {
        await runFrames(dragNode(grip));
      });
      figures.drop.push(
        await measured(page, 'botflow:edit', async () => {
          await page.mouse.move(grip.x + 30, grip.y + 20);
          await page.mouse.up();
        }),
      );
      const cpu = spread(frames.map((f) => f.cpu).filter((v) => !Number.isNaN(v)));
      const wall = spread(frames.map((f) => f.work[0] + f.work[1] + f.work[2]));
      figures.frameCpuP95.push(cpu.p95);
      figures.frameCpuMedian.push(cpu.median);
      figures.frameCpuMax.push(cpu.max);
      figures.frameWallP95.push(wall.p95);
      await undoTo(page, depth);
      await page.keyboard.press('Escape');

      // Paste 1,000 nodes, then lay them out in the worker.
      figures.paste.push(
        await measured(page, PASTE_MEASURE, () =>
          page.evaluate((text) => {
            const data = new DataTransfer();
            data.setData('text/plain', text);
            document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
          }, pasteText),
        ),
      );
      await page.waitForFunction(
        ([drawn, paste]) =>
          performance.getEntriesByName(drawn).length >= performance.getEntriesByName(paste).length,
        [PASTE_DRAWN_MEASURE, PASTE_MEASURE] as const,
      );
      figures.pasteDrawn.push(
        await page.evaluate((n) => performance.getEntriesByName(n).at(-1)!.duration, PASTE_DRAWN_MEASURE),
      );
      const before = await page.evaluate(() => performance.now());
      figures.layout.push(await measured(page, LAYOUT_MEASURE, () => page.keyboard.press('Control+Shift+L')));
      // The longest main-thread task while the worker laid out (the app applying the moves at the end included).
      figures.layoutLongestTask.push(
        await page.evaluate(
          (t) =>
            Math.max(
              0,
              ...(window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks
                .filter((task) => task.start >= t)
                .map((task) => task.duration),
            ),
          before,
        ),
      );
      await undoTo(page, depth);
      await page.keyboard.press('Escape');

      // Open version 1 from the History panel, then back to the draft.
      await page.getByRole('button', { name: 'Version history', exact: true }).click();
      const panel = page.getByRole('complementary', { name: 'Version history' });
      const first = panel.getByRole('listitem').filter({ hasText: 'Version 1' });
      figures.version.push(
        await measured(page, VERSION_OPEN_MEASURE, () => first.getByRole('button', { name: 'Open' }).click()),
      );
      figures.versionFetch.push(
        await page.evaluate((n) => performance.getEntriesByName(n).at(-1)!.duration, VERSION_FETCH_MEASURE),
      );
      await page.getByRole('button', { name: 'Back to my draft' }).click();
      await page.getByRole('button', { name: 'Version history', exact: true }).click();
    }
    await context.close();

    // React Flow's first draw of the same flow, at our board's view.
    const rf = await browser.newContext({ viewport: VIEWPORT });
    await rf.addInitScript((token) => localStorage.setItem('accessToken', token), server.token);
    await installFrameDriver(rf);
    const rfPage = await rf.newPage();
    const query = new URLSearchParams({
      bot: String(server.botId),
      w: String(shared.width),
      h: String(shared.height),
      x: String(shared.x),
      y: String(shared.y),
      s: String(shared.scale),
      all: '0',
    });
    for (let i = 0; i < RUNS; i++) {
      if (i === 0) await rfPage.goto(`${server.base}${REACT_FLOW_PATH}?${query}`);
      else await rfPage.reload();
      figures.reactFlow.push(await paintedLoadTime(rfPage, 'rf:received', 'rf:drawn'));
    }
    await rf.close();
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  }

  const s = Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, spread(v)])) as Record<
    keyof typeof figures,
    Spread
  >;
  printTable(
    `Editor power tools (issue 20), ${SIZE.toLocaleString('en')}-node flow, ${RUNS} runs: median (min–max) in ms`,
    ['measure', 'figure', 'target', 'result'],
    [
      [
        `search, one keystroke (${s.search.count} keystrokes; p95 ${ms(s.search.p95)})`,
        mid(s.search),
        '≤ 50',
        verdict(s.search.p95 <= 50),
      ],
      [
        'select-all + move: frame CPU p95 per run (main thread)',
        mid(s.frameCpuP95),
        '≤ 16',
        verdict(s.frameCpuP95.median <= 16),
      ],
      ['select-all + move: frame CPU median per run', mid(s.frameCpuMedian), '—', ''],
      // The drag's first frame draws the group once on the drag layer; later frames slide that canvas.
      ['select-all + move: frame CPU max per run (the first frame)', mid(s.frameCpuMax), '—', ''],
      ['select-all + move: frame wall p95 per run', mid(s.frameWallP95), '—', ''],
      [`select-all + move: the drop (${SIZE.toLocaleString('en')} moves as one edit)`, mid(s.drop), '—', ''],
      [
        `paste ${PASTED.toLocaleString('en')} nodes (main thread)`,
        mid(s.paste),
        '≤ 200',
        verdict(s.paste.median <= 200),
      ],
      [`  the same paste to the end of the frame that drew it (wall)`, mid(s.pasteDrawn), '—', ''],
      [
        `auto-layout ${PASTED.toLocaleString('en')} nodes in the worker (request → applied)`,
        mid(s.layout),
        '≤ 1000',
        verdict(s.layout.median <= 1000),
      ],
      ['  longest main-thread task meanwhile', mid(s.layoutLongestTask), '—', ''],
      [
        'open a history version (nodes received → drawn)',
        mid(s.version),
        `≤ React Flow first draw`,
        verdict(s.version.median <= s.reactFlow.median),
      ],
      ['React Flow first draw of the same flow (data received → painted)', mid(s.reactFlow), '—', ''],
      [
        '  our version request → nodes received and parsed (not in either figure)',
        mid(s.versionFetch),
        '—',
        '',
      ],
    ],
  );
  console.log(
    `\nEditor tools bench: ${((performance.now() - started) / 1000).toFixed(0)} s on ${os.cpus().length} CPU(s), ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ')}.`,
  );
}
