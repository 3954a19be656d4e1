// The widget's weight and speed (issue 7): the loader and the chat app gzipped, the host page's
// main-thread time spent by the loader before the chat is opened, and the time from a click on
// the launcher to the first bot message on screen (less the spec's 1 s typing delay). Everything
// is real: a fresh build, the server on SQLite, a host page on another origin, Chromium.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright';
import { build } from 'vite';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { TYPING_DELAY_MS } from '../src/core/widget/constants.js';
import { printTable, summarize } from './stats.js';

const RUNS = 9;
// The host page's CPU time varies by a millisecond or more from load to load on a busy machine,
// as much as the loader's whole cost. The target is judged on the median of HOST_RUNS runs, each
// the trimmed mean of ROUNDS_PER_RUN rounds (bare page, empty script, loader, back to back), and
// all HOST_RUNS figures are printed so the spread is visible.
const HOST_RUNS = 10;
const ROUNDS_PER_RUN = 6;
export const gzipped = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

export async function buildWidget(distDir: string): Promise<void> {
  process.env.DIST_DIR = distDir;
  for (const configFile of ['widget/vite.config.ts', 'widget/chat/vite.config.ts']) {
    await build({ configFile, logLevel: 'silent' });
  }
}

export function chatAppBytes(distDir: string): number {
  const assets = path.join(distDir, 'widget', 'chat', 'assets');
  return fs
    .readdirSync(assets)
    .filter((f) => /\.(js|css)$/.test(f))
    .reduce((sum, f) => sum + gzipped(path.join(assets, f)), 0);
}

/**
 * A host page on its own origin: `?bot=` embeds the loader; `?empty=1` an empty async script from
 * the same server (what any script tag costs); neither, the bare page.
 */
function hostSite(product: string): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const bot = query.get('bot');
    let tag = bot ? `<script src="${product}/widget/loader.js" data-bot-id="${bot}" async></script>` : '';
    if (query.get('empty')) tag = `<script src="${product}/widget/empty.js" async></script>`;
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(`<!doctype html><html><head><title>Host</title>${tag}</head><body><h1>Host page</h1>
      <p>${'Some host content. '.repeat(200)}</p></body></html>`);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({ url: `http://localhost:${port}`, close: () => server.close() });
    }),
  );
}

/** A verified customer with one bot registered on `site`: the bot's id and the customer's token. */
export async function setUpBotOwner(
  product: string,
  site: string,
  app: Awaited<ReturnType<typeof buildApp>>,
): Promise<{ botId: number; token: string }> {
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return body;
  };
  const signup = await fetch(`${product}/api/signup`, {
    method: 'POST',
    body: form({
      first_name: 'Bench',
      last_name: 'User',
      email: 'bench@example.com',
      username: 'bench',
      password: 'bench-password-1',
      mre_call_provider_id: 'botflow-default',
      mre_call_provider_name: 'BotFlow Calls',
    }),
  }).then((r) => r.json());
  await app.db.updateTable('users').set({ is_email_verified: 1 }).execute();
  const authorization = `Bearer ${signup.access_token}`;
  const bot = await fetch(`${product}/api/bot`, {
    method: 'POST',
    headers: { authorization },
    body: form({ name: 'Bench bot', language: '2', supported_languages: '2', origins: site }),
  }).then((r) => r.json());
  const nodes = [
    {
      id: 'hi',
      name: 'hi',
      type: 'basic',
      x: 0,
      y: 0,
      next: [{ id: 0, node: null }],
      entries: [{ type: 'content', content: { type: 'text', title: 'Hi', content: { en: 'Hello there!' } } }],
    },
  ];
  await fetch(`${product}/api/flow/${bot.bot.id}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json', 'if-match': '"0"' },
    body: JSON.stringify({ nodes, allow_invalid: true }),
  });
  return { botId: bot.bot.id as number, token: signup.access_token as string };
}

async function setUpBot(product: string, site: string, app: Awaited<ReturnType<typeof buildApp>>) {
  return (await setUpBotOwner(product, site, app)).botId;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  tdur?: number;
  args?: { data?: { url?: string }; beginData?: { url?: string }; name?: string };
}

/**
 * CPU time of the host page's main thread while it loads and settles (nothing in the page is
 * touched meanwhile: Playwright's own locators would run on that thread too), and the part spent
 * running loader.js itself (its evaluation and its callbacks: idle, timers, events). Thread time
 * (tdur), not wall time, so other work on the machine counts less.
 */
async function traceLoad(browser: Browser, url: string): Promise<{ mainMs: number; loaderMs: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel', 'v8'] });
  await page.goto(url);
  await page.waitForTimeout(1500);
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
    .traceEvents;
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url);
  const main = events.find(
    (e) => e.pid === parse?.pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const onMain = events.filter((e) => e.ph === 'X' && e.pid === main?.pid && e.tid === main?.tid);
  const cpu = (list: TraceEvent[]) => list.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
  const result = {
    mainMs: cpu(onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask')),
    loaderMs: cpu(
      onMain.filter(
        (e) =>
          (e.name === 'EvaluateScript' || e.name === 'FunctionCall') &&
          e.args?.data?.url?.endsWith('/widget/loader.js'),
      ),
    ),
  };
  if (url.includes('bot=')) await page.getByRole('button', { name: /Chat with/ }).waitFor();
  await context.close();
  return result;
}

/** Click on the launcher (through window.BotFlow.open) to the first bot message painted. */
async function firstMessageMs(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.getByRole('button', { name: /Chat with/ }).waitFor();
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const api = (window as unknown as { BotFlow: { on(e: string, f: () => void): void; open(): void } })
          .BotFlow;
        const start = performance.now();
        api.on('notify', () => requestAnimationFrame(() => resolve(performance.now() - start)));
        api.open();
      }),
  );
}

/** The mean of the middle half: one load disturbed by the machine does not move it. */
function trimmedMean(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const quarter = Math.floor(sorted.length / 4);
  const middle = sorted.slice(quarter, sorted.length - quarter);
  return middle.reduce((sum, x) => sum + x, 0) / middle.length;
}

interface HostRun {
  overEmpty: number;
  overBare: number;
  own: number;
}

/**
 * One run: ROUNDS_PER_RUN rounds, each loading the three pages back to back, so the machine
 * growing busier or quieter over the minutes does not count as the loader.
 */
async function hostRun(browser: Browser, siteUrl: string, withLoader: string): Promise<HostRun> {
  const overEmpty: number[] = [];
  const overBare: number[] = [];
  const own: number[] = [];
  for (let i = 0; i < ROUNDS_PER_RUN; i++) {
    const bare = (await traceLoad(browser, `${siteUrl}/`)).mainMs;
    const empty = (await traceLoad(browser, `${siteUrl}/?empty=1`)).mainMs;
    const loaded = await traceLoad(browser, withLoader);
    overEmpty.push(loaded.mainMs - empty);
    overBare.push(loaded.mainMs - bare);
    own.push(loaded.loaderMs);
  }
  return { overEmpty: trimmedMean(overEmpty), overBare: trimmedMean(overBare), own: trimmedMean(own) };
}

function medianAndSpread(samples: number[]): { median: number; min: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
}

const spread = (s: { min: number; max: number }) => `spread ${s.min.toFixed(2)}–${s.max.toFixed(2)}`;

async function sample(browser: Browser, run: (page: Page) => Promise<number>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext();
    samples.push(await run(await context.newPage()));
    await context.close();
  }
  return samples;
}

export async function runWidgetBench(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'botflow-bench-widget-'));
  const distDir = path.join(work, 'dist');
  await buildWidget(distDir);
  fs.writeFileSync(path.join(distDir, 'widget', 'empty.js'), '');
  const loaderBytes = gzipped(path.join(distDir, 'widget', 'loader.js'));
  const appBytes = chatAppBytes(distDir);

  const app = await buildApp({
    ...loadConfig({}),
    dataDir: path.join(work, 'data'),
    logLevel: 'silent',
    authRateLimit: 1_000_000,
    distDir,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const product = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  app.config.publicUrl = product;
  const site = await hostSite(product);
  const botId = await setUpBot(product, site.url, app);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const withLoader = `${site.url}/?bot=${botId}`;
    const runs: HostRun[] = [];
    for (let i = 0; i < HOST_RUNS; i++) runs.push(await hostRun(browser, site.url, withLoader));
    const overEmpty = medianAndSpread(runs.map((r) => r.overEmpty));
    const overBare = medianAndSpread(runs.map((r) => r.overBare));
    const own = medianAndSpread(runs.map((r) => r.own));
    const first = summarize(await sample(browser, (p) => firstMessageMs(p, withLoader)));
    printTable(
      `Chat widget (Chromium, localhost; CPU: median of ${HOST_RUNS} runs of ${ROUNDS_PER_RUN} rounds; click: median of ${RUNS})`,
      ['measure', 'value', 'target'],
      [
        ['loader.js gzipped', kb(loaderBytes), '≤ 4 KB'],
        ['chat app JS + CSS gzipped', kb(appBytes), '≤ 100 KB'],
        [
          'host main-thread CPU before opening, loader vs an empty async script',
          `${overEmpty.median.toFixed(2)} ms (${spread(overEmpty)})`,
          `≤ 5 ms ${overEmpty.median <= 5 ? 'PASS' : 'MISS'}`,
        ],
        [
          '  the same vs a page without any script tag',
          `${overBare.median.toFixed(2)} ms (${spread(overBare)})`,
          '—',
        ],
        [
          '  of which running loader.js (evaluation and callbacks)',
          `${own.median.toFixed(2)} ms (${spread(own)})`,
          '—',
        ],
        [
          `launcher click → first bot message painted, less the ${TYPING_DELAY_MS} ms typing delay`,
          `${(first.median - TYPING_DELAY_MS).toFixed(1)} ms (p95 ${(first.p95 - TYPING_DELAY_MS).toFixed(1)})`,
          '—',
        ],
      ],
    );
    console.log(
      `host main-thread CPU, loader vs empty script, the ${HOST_RUNS} runs (ms): ` +
        runs.map((r) => r.overEmpty.toFixed(2)).join(', '),
    );
  } finally {
    await browser.close();
    site.close();
    await app.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
