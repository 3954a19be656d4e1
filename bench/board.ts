// The flow board's speed (issue 4, "Speed"): flows of 1,000, 5,000 and 10,000 nodes (about 1.2
// links per node) published to the real server, opened at /flow in headless Chromium and driven
// with real mouse and wheel input; then the same flows drawn by React Flow under the same input.
// One table per size: our figure, theirs, the ratio, and the targets (which apply at 10,000).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';
import playwrightConfig from '../playwright.config.js';
import { generateFlow } from '../tests/e2e/flow-generate.js';
import type { BoardFigures } from './board-figures.js';
import { measureOurs } from './board-ours.js';
import { measureReactFlow } from './board-reactflow.js';
import { buildPages, startServer } from './board-setup.js';
import { printTable, type Timing } from './stats.js';

/** BENCH_BOARD_SIZES=1000,5000 runs fewer sizes (a quick look); the default is the three. */
const SIZES = (process.env.BENCH_BOARD_SIZES ?? '1000,5000,10000').split(',').map(Number);
const TARGET_SIZE = 10_000;
/** BENCH_RF_ALL=1 draws every React Flow element instead of only the visible ones. */
const RF_RENDER_ALL = process.env.BENCH_RF_ALL === '1';

interface Row {
  measure: string;
  pick(f: BoardFigures): number | null;
  /** The target at 10,000 nodes (lower is better), if there is one. */
  target?: number;
}

const frames = (name: string, key: 'pan' | 'zoom' | 'drag'): Row[] => [
  { measure: `${name} frame median (ms)`, pick: (f) => (f[key] as Timing).median, target: 16.7 },
  { measure: `${name} frame p95 (ms)`, pick: (f) => (f[key] as Timing).p95, target: 33 },
];

const ROWS: Row[] = [
  { measure: 'load: data received → first full draw (ms)', pick: (f) => f.load, target: 1500 },
  ...frames('pan', 'pan'),
  ...frames('zoom', 'zoom'),
  ...frames('drag one node', 'drag'),
  { measure: 'edit: move one node (ms, main thread)', pick: (f) => f.move, target: 4 },
  { measure: 'edit: add a node (ms, main thread)', pick: (f) => f.add, target: 4 },
  { measure: 'edit: delete a node (ms, main thread)', pick: (f) => f.delete, target: 4 },
  { measure: 'undo (ms, key → board updated)', pick: (f) => f.undo, target: 16 },
  { measure: 'redo (ms, key → board updated)', pick: (f) => f.redo, target: 16 },
];

const fmt = (value: number | null) => (value === null ? 'n/a' : value.toFixed(1));

function tableRows(size: number, ours: BoardFigures, theirs: BoardFigures): string[][] {
  return ROWS.map(({ measure, pick, target }) => {
    const a = pick(ours);
    const b = pick(theirs);
    const ratio = a !== null && b !== null && b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a';
    let goal = target === undefined ? '—' : `≤ ${target}`;
    if (size === TARGET_SIZE && target !== undefined && a !== null) goal += a <= target ? ' met' : ' MISSED';
    return [measure, fmt(a), fmt(b), ratio, goal];
  });
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

export async function runBoardBench(): Promise<void> {
  const started = performance.now();
  const loadBefore = load();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'botflow-bench-board-'));
  const distDir = path.join(work, 'dist');
  await buildPages(distDir);
  const server = await startServer(path.join(work, 'data'), distDir);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: playwrightConfig.use?.launchOptions?.args,
  });
  try {
    for (const size of SIZES) {
      const nodes = generateFlow(size);
      const links = nodes.reduce((sum, n) => sum + n.next.filter((slot) => slot.node !== null).length, 0);
      await server.publish(nodes);
      const { figures: ours, shared } = await measureOurs(browser, server);
      const theirs = await measureReactFlow(browser, server, shared, RF_RENDER_ALL);
      printTable(
        `Flow board, ${size.toLocaleString('en')} nodes, ${links.toLocaleString('en')} links — ours vs React Flow ` +
          `(${RF_RENDER_ALL ? 'all elements' : 'onlyRenderVisibleElements'}), Chromium ${shared.width}×${shared.height} ` +
          `at scale ${shared.scale}; targets apply at ${TARGET_SIZE.toLocaleString('en')} nodes`,
        ['measure', 'ours', 'React Flow', 'ours ÷ RF', 'target'],
        tableRows(size, ours, theirs),
      );
    }
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(
    "\nours: edits are the app's own performance.measure (store + board model + hand-off to the worker, " +
      'before the canvas draws); undo/redo run from the key press to the board updated, worker round trip ' +
      'included. React Flow: edits are setNodes/setEdges under flushSync (render + DOM commit); it has no ' +
      'undo. Frame times are gaps between requestAnimationFrame timestamps (16.7 ms at 60 Hz is the floor).',
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `\nBoard bench: ${seconds} s; load average (1/5/15 min) ${loadBefore} before, ${load()} after.`,
  );
}
