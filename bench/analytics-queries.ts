// The analytics bench's reads (issue 19, speed): the dashboard's queries over 1,000,000 visit
// events of one bot over 30 days (p50 and p95 of each), and the CSV export of 1,000,000
// conversations streamed over real HTTP (rows/s, and the server's peak RSS against its RSS before).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { newBotFields } from '../src/core/bot/types.js';
import type { MetricsQuery } from '../src/core/api/analytics.js';
import { customer } from '../tests/fixtures/bot-api.js';
import { withPg } from '../tests/fixtures/postgres.js';
import { seedMonth, seedSessions, DAY } from './analytics-seed.js';
import { summarize } from './stats.js';

export const EVENTS = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 1_000_000);
export const EXPORT_ROWS = Number(process.env.BENCH_ANALYTICS_EXPORT_ROWS ?? 1_000_000);
const RUNS = 30;

export interface QueryFigure {
  query: string;
  p50: number;
  p95: number;
}

export interface ExportFigure {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  /**
   * The RSS less the file pages mapped (Linux: RssAnon), the memory the export itself holds;
   * null elsewhere. SQLite's mapped file (mmap_size, 256 MB) counts in the RSS as pages are read.
   */
  anonBeforeMb: number | null;
  anonPeakMb: number | null;
  /** The JavaScript heap: RSS also counts the SQLite file's pages the server maps (mmap_size). */
  heapBeforeMb: number;
  heapPeakMb: number;
}

async function time(runs: number, work: () => Promise<unknown>) {
  await work(); // warm
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return summarize(samples);
}

export async function benchQueries(databaseUrl: string, queries = true) {
  const { buildApp } = await import('../server/app.js');
  const { loadConfig } = await import('../server/config.js');
  const { createBot } = await import('../server/repos/bots.js');
  const { botMetrics } = await import('../server/analytics/queries.js');
  const { conversationPage } = await import('../server/analytics/conversations.js');
  const { rollUp } = await import('../server/analytics/rollups.js');
  const { foldEvents } = await import('../server/analytics/fold.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'botflow-bench-analytics-'));
  const schema = databaseUrl ? `bench_${crypto.randomBytes(5).toString('hex')}` : undefined;
  if (schema) await withPg(databaseUrl, (c) => c.query(`CREATE SCHEMA ${schema}`));
  const app = await buildApp({
    ...loadConfig({}),
    dataDir,
    databaseUrl,
    databaseSchema: schema,
    logLevel: 'warn',
    distDir: path.join(dataDir, 'none'),
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const owner = await customer({ app });
    const fields = { ...newBotFields(), origins: ['https://shop.example.com'] };
    const dashboard = await createBot(app.db, owner.id, { ...fields, name: 'Dashboard' });
    const exported = await createBot(app.db, owner.id, { ...fields, name: 'Export' });
    const now = Date.now();
    // The server's own fold each second stays out of it: the one timed below folds them all.
    await app.analyticsFold.stop();
    let started = performance.now();
    if (queries) await seedMonth(app.db, dashboard.id, EVENTS, now);
    await seedSessions(app.db, exported.id, EXPORT_ROWS, now);
    const seeded = (performance.now() - started) / 1000;
    // The fold, as the servers run it each second (here: the month's turns at once).
    started = performance.now();
    const events = queries ? (await foldEvents(app.db)).folded : 0;
    const folded = { events, seconds: (performance.now() - started) / 1000 };
    // A seed out of step with the event format would fold nothing and time empty queries.
    const conversations = await app.db
      .selectFrom('analytics_sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bot_id', '=', dashboard.id)
      .executeTakeFirstOrThrow();
    if (queries && Number(conversations.n) !== EVENTS / 10)
      throw new Error(`the seeded month folded into ${conversations.n} conversations, not ${EVENTS / 10}`);
    started = performance.now();
    // The rollup job, as it runs every hour (here: the whole month at once); the export reads
    // outcome rows only, so its own run (BENCH_ANALYTICS_PART=export) skips it.
    if (queries) await rollUp(app.db, now);
    const rolled = (performance.now() - started) / 1000;
    // PostgreSQL plans by its statistics, which autovacuum takes a while after a bulk load (a
    // server's tables grow by turns, and autovacuum keeps up): without them the search's trigram
    // index went unused. Taken here as autovacuum would, so the plans are a running server's.
    if (databaseUrl) {
      const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables
        where schemaname = current_schema() and tablename like 'analytics%'`.execute(app.db);
      for (const { name } of rows) await sql`analyze ${sql.table(name)}`.execute(app.db);
    }

    const month = { from: now - 30 * DAY, to: now };
    const metrics = (query: Partial<MetricsQuery>) => () =>
      botMetrics(
        app.db,
        dashboard.id,
        { bucket: 'day', version: 1, ...month, ...query } as MetricsQuery,
        now,
      );
    const page =
      (filter: Record<string, unknown>, limit = 50) =>
      () =>
        conversationPage(app.db, dashboard.id, { ...month, ...filter }, limit);
    const deep = await conversationPage(app.db, dashboard.id, { ...month, cursor: undefined }, 5000);
    // A page deep in the list (the 5,001st row on): its cursor.
    const cases: [string, () => Promise<unknown>][] = [
      ['metrics, 30 days by day (all figures, node drop-off)', metrics({})],
      ['metrics, 7 days by hour', metrics({ from: now - 7 * DAY, bucket: 'hour' })],
      ['metrics, 30 days, one channel and language', metrics({ channel: 'telegram', language: 'fr' })],
      ['metrics, version 2', metrics({ version: 2 })],
      ['conversations, first page', page({})],
      ['conversations, page after 5,000 rows (keyset)', page({ cursor: deep.next ?? undefined })],
      ['conversations, left at a node', page({ node: 'n3', version: 1 })],
      ['conversations, search in answers', page({ search: 'Guest 4242' })],
    ];
    const figures: QueryFigure[] = [];
    for (const [query, work] of queries ? cases : []) {
      const timing = await time(RUNS, work);
      figures.push({ query, p50: timing.median, p95: timing.p95 });
    }

    // The export over HTTP, read as a client would; the server's RSS sampled as it streams.
    global.gc?.();
    const before = process.memoryUsage();
    const anonBefore = anonRss();
    let rssPeak = before.rss;
    let heapPeak = before.heapUsed;
    let anonPeak = anonBefore;
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      rssPeak = Math.max(rssPeak, usage.rss);
      heapPeak = Math.max(heapPeak, usage.heapUsed);
      const anon = anonRss();
      if (anon !== null && anonPeak !== null) anonPeak = Math.max(anonPeak, anon);
    }, 20);
    // The client is curl in its own process, as a browser or script downloading the export
    // would be: reading the stream through fetch in this process would bill the client's work
    // (web streams, line counting) to the server's single main thread.
    started = performance.now();
    const lines = await countLinesWithCurl(
      `${base}/api/bots/${exported.id}/conversations.csv?from=0`,
      owner.headers,
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const rows = lines - 1;
    const exportFigure: ExportFigure = {
      rows,
      seconds,
      rowsPerSecond: rows / seconds,
      rssBeforeMb: before.rss / 2 ** 20,
      rssPeakMb: rssPeak / 2 ** 20,
      anonBeforeMb: anonBefore === null ? null : anonBefore / 2 ** 20,
      anonPeakMb: anonPeak === null ? null : anonPeak / 2 ** 20,
      heapBeforeMb: before.heapUsed / 2 ** 20,
      heapPeakMb: heapPeak / 2 ** 20,
    };
    return { figures, exportFigure, seeded, folded, rolled };
  } finally {
    await app.close();
    if (schema) await withPg(databaseUrl, (c) => c.query(`DROP SCHEMA ${schema} CASCADE`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** This process's anonymous resident memory in bytes (Linux /proc), or null where there is none. */
function anonRss(): number | null {
  try {
    const match = /^RssAnon:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Downloads `url` with curl in a child process and answers the number of lines it received. */
function countLinesWithCurl(url: string, headers: Record<string, string>): Promise<number> {
  const args = ['-sS', '--fail', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  return new Promise((resolve, reject) => {
    const curl = spawn('curl', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let lines = 0;
    curl.stdout.on('data', (chunk: Buffer) => {
      for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++;
    });
    curl.on('error', reject);
    curl.on('close', (code) => (code === 0 ? resolve(lines) : reject(new Error(`curl exited with ${code}`))));
  });
}
