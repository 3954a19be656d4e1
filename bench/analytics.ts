// `npm run bench -- analytics` (issue 19, speed):
// 1. Cost: the runtime bench's chat load against two servers in the same run, one recording
//    analytics with every turn and one with ANALYTICS=off, in short alternating slices; the loss
//    in turns/s over all the turns served, and each pair of slices' own ratio with its median and
//    quartiles (bench/analytics-cost.ts says why slices; BENCH_COST_AA=1 measures the noise).
// 2. Query: the dashboard's queries over 1,000,000 visit events of one bot over 30 days (200,000
//    turn events, folded and rolled up as the servers and the job do; the fold's rate is printed),
//    p50/p95, SQLite and PostgreSQL.
// 3. Export: 1,000,000 conversations as CSV over HTTP, rows/s and the server's peak RSS (and its
//    anonymous part: SQLite's mapped file pages count in the RSS as they are read).
import { benchQueries, EVENTS, EXPORT_ROWS } from './analytics-queries.js';
import { benchCost, COST_METHOD } from './analytics-cost.js';
import { withPg } from '../tests/fixtures/postgres.js';
import { printTable } from './stats.js';

async function reachable(url: string): Promise<boolean> {
  try {
    await withPg(url, (c) => c.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

export async function runAnalyticsBench(): Promise<void> {
  const pgUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  // BENCH_ANALYTICS_DB=sqlite|postgres runs one database only.
  const which = process.env.BENCH_ANALYTICS_DB;
  const databases: [string, string][] = [];
  if (which !== 'postgres') databases.push(['SQLite', '']);
  if (which !== 'sqlite') {
    if (await reachable(pgUrl)) databases.push(['PostgreSQL', pgUrl]);
    else console.log(`PostgreSQL at ${pgUrl} is not reachable: skipped.`);
  }
  const only = process.env.BENCH_ANALYTICS_PART;

  if (!only || only === 'cost') {
    const rows: (string | number)[][] = [];
    for (const [label, url] of databases) rows.push(...(await benchCost(label, url)));
    printTable(
      `Analytics cost: chat turns with analytics on vs off, same run, ${COST_METHOD} (target: loss ≤ 5 %)`,
      [
        'database',
        'analytics',
        'turns/s (median)',
        'turns/s range',
        'server CPU µs/turn',
        'main thread µs/turn (GC pauses)',
        'PostgreSQL CPU µs/turn',
        'loss: all turns',
        'loss: median of pairs (quartiles; range)',
      ],
      rows,
    );
  }

  if (!only || only === 'queries' || only === 'export') {
    const queryRows: (string | number)[][] = [];
    const exportRows: (string | number)[][] = [];
    for (const [label, url] of databases) {
      const { figures, exportFigure, seeded, folded, rolled } = await benchQueries(url, only !== 'export');
      const rate = folded.seconds ? ` (${Math.round(folded.events / folded.seconds)} events/s)` : '';
      console.log(
        `${label}: seeded in ${seeded.toFixed(1)} s, ${folded.events} turn events folded in ${folded.seconds.toFixed(1)} s${rate}, rolled up in ${rolled.toFixed(1)} s`,
      );
      for (const f of figures) queryRows.push([label, f.query, f.p50, f.p95]);
      exportRows.push([
        label,
        exportFigure.rows,
        exportFigure.seconds,
        Math.round(exportFigure.rowsPerSecond),
        Math.round(exportFigure.rssBeforeMb),
        Math.round(exportFigure.rssPeakMb),
        exportFigure.anonBeforeMb === null ? '' : Math.round(exportFigure.anonBeforeMb),
        exportFigure.anonPeakMb === null ? '' : Math.round(exportFigure.anonPeakMb),
        Math.round(exportFigure.heapBeforeMb),
        Math.round(exportFigure.heapPeakMb),
      ]);
    }
    if (only !== 'export')
      printTable(
        `Dashboard queries over ${EVENTS.toLocaleString('en')} visit events of one bot over 30 days, 30 runs each (target: p95 ≤ 200 ms)`,
        ['database', 'query', 'p50 ms', 'p95 ms'],
        queryRows,
      );
    printTable(
      `CSV export of ${EXPORT_ROWS.toLocaleString('en')} conversations over HTTP (target: ≥ 50,000 rows/s, flat memory)`,
      [
        'database',
        'rows',
        'seconds',
        'rows/s',
        'RSS before MB',
        'RSS peak MB',
        'anon RSS before MB',
        'anon RSS peak MB',
        'heap before MB',
        'heap peak MB',
      ],
      exportRows,
    );
  }
}
