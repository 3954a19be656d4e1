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
const gzipped = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

async function buildWidget(distDir: string): Promise<void> {
  process.env.DIST_DIR = distDir;
  for (const configFile of ['widget/vite.config.ts', 'widget/chat/vite.config.ts']) {
    await build({ configFile, logLevel: 'silent' });
  }
}

function chatAppBytes(distDir: string): number {
  const assets = path.join(distDir, 'widget', 'chat', 'assets');
  return fs
    .readdirSync(assets)
    .filter((f) => /\.(js|css)$/.test(f))
    .reduce((sum, f) => sum + gzipped(path.join(assets, f)), 0);
}

/** A host page on its own origin; `?bot=` embeds the loader, without it the page is the baseline. */
function hostSite(product: string): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    const bot = new URL(req.url ?? '/', 'http://x').searchParams.get('bot');
    const tag = bot ? `<script src="${product}/widget/loader.js" data-bot-id="${bot}" async></script>` : '';
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

async function setUpBot(product: string, site: string, app: Awaited<ReturnType<typeof buildApp>>) {
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
    body: JSON.stringify({ nodes }),
  });
  return bot.bot.id as number;
}

/** Main-thread busy time of a page load (CDP TaskDuration), in ms, once the page has settled. */
async function mainThreadMs(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(url);
  await ready(page);
  await page.waitForTimeout(300);
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

/** JavaScript time attributed to loader.js by the CPU profiler (50 µs samples). */
async function loaderScriptMs(page: Page, url: string): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await page.getByRole('button', { name: /Chat with/ }).waitFor();
  await page.waitForTimeout(300);
  const { profile } = await cdp.send('Profiler.stop');
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const inLoader = (id: number | undefined): boolean => {
    for (let at = id; at !== undefined; at = parent.get(at)) {
      if (byId.get(at)?.callFrame.url.endsWith('/widget/loader.js')) return true;
    }
    return false;
  };
  let micros = 0;
  profile.samples?.forEach((id, i) => {
    if (inLoader(id)) micros += profile.timeDeltas?.[i + 1] ?? profile.timeDeltas?.[i] ?? 0;
  });
  return micros / 1000;
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
    const baseline = summarize(
      await sample(browser, (p) => mainThreadMs(p, site.url, async () => undefined)),
    );
    const embedded = summarize(
      await sample(browser, (p) =>
        mainThreadMs(p, withLoader, (page) => page.getByRole('button', { name: /Chat with/ }).waitFor()),
      ),
    );
    const script = summarize(await sample(browser, (p) => loaderScriptMs(p, withLoader)));
    const first = summarize(await sample(browser, (p) => firstMessageMs(p, withLoader)));
    printTable(
      `Chat widget (Chromium, localhost, median of ${RUNS} runs)`,
      ['measure', 'value', 'target'],
      [
        ['loader.js gzipped', kb(loaderBytes), '≤ 4 KB'],
        ['chat app JS + CSS gzipped', kb(appBytes), '≤ 100 KB'],
        [
          'loader JS on the host main thread before opening (profiler)',
          `${script.median.toFixed(2)} ms`,
          '≤ 5 ms',
        ],
        [
          'host main-thread time with loader minus without (TaskDuration)',
          `${(embedded.median - baseline.median).toFixed(2)} ms`,
          '≤ 5 ms',
        ],
        [
          `launcher click → first bot message painted, less the ${TYPING_DELAY_MS} ms typing delay`,
          `${(first.median - TYPING_DELAY_MS).toFixed(1)} ms (p95 ${(first.p95 - TYPING_DELAY_MS).toFixed(1)})`,
          '—',
        ],
      ],
    );
  } finally {
    await browser.close();
    site.close();
    await app.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
