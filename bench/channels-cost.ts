// What one channel turn costs the server (issue 16 "Speed"): the database statements it sends
// and the CPU it takes — the figures that decide how many turns a second one core carries, and
// that hold still on a busy machine where the latencies of bench/channels.ts do not. Updates
// come from the fake Telegram's process (channels-telegram.ts) at BENCH_COST_RATE a second
// (100 by default): BENCH_COST_UPDATES chats' /start, then BENCH_COST_CHATS chats each sending
// 10 messages one after the other. Printed: statements per turn by kind (PostgreSQL: every query
// a pg client sent), the server process's CPU per turn, the PostgreSQL server's (every postgres
// process on this host: other users of it count too), that of the backends serving this process
// alone (named by PGAPPNAME; a backend that closed during the run is missed) and the update →
// reply times.
import fs from 'node:fs';
import pg from 'pg';
import { load, startBenchServer, startTelegram } from './channels-server.js';
import { postgresCpuMicros } from './proc-cpu.js';
import { percentile, printTable } from './stats.js';

const SERVER_PORT = Number(process.env.BENCH_CHANNELS_PORT ?? 8340);
const RATE = Number(process.env.BENCH_COST_RATE ?? 100);
const UPDATES = Number(process.env.BENCH_COST_UPDATES ?? 300);
const CHATS = Number(process.env.BENCH_COST_CHATS ?? 20);
const BURST = 10;

/** Statements sent by any pg client of this process, by kind (a hot statement's name, else its start). */
const statements = new Map<string, { count: number; ms: number }>();
/** BENCH_COST_EXPLAIN_MS: every statement slower than this is logged with its plan (auto_explain, server log). */
const EXPLAIN_MS = process.env.BENCH_COST_EXPLAIN_MS;
const explained = new WeakSet<pg.Client>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const run = (...a: unknown[]) => (query as (...a: unknown[]) => unknown).apply(this, a);
  if (EXPLAIN_MS && !explained.has(this)) {
    explained.add(this);
    void (
      run(
        `LOAD 'auto_explain'; SET auto_explain.log_min_duration = ${Number(EXPLAIN_MS)}; SET auto_explain.log_analyze = on`,
      ) as Promise<unknown>
    ).catch(() => {});
  }
  const first = args[0] as string | { name?: string; text?: string };
  const text = typeof first === 'string' ? first : (first?.name ?? first?.text ?? '?');
  const kind = text.replace(/\s+/g, ' ').trim().slice(0, 60);
  let entry = statements.get(kind);
  if (!entry) statements.set(kind, (entry = { count: 0, ms: 0 }));
  entry.count++;
  const started = performance.now();
  const result = run(...args);
  const stat = entry;
  if (result instanceof Promise)
    void result.then(
      () => (stat.ms += performance.now() - started),
      () => {},
    );
  return result;
} as typeof pg.Client.prototype.query;

/** This process's connections are named, so the database's CPU for them is told from others'. */
const APP_NAME = `bench-cost-${process.pid}`;
process.env.PGAPPNAME = APP_NAME;

/** CPU (µs) of each PostgreSQL backend serving this process, from /proc (a local server only). */
async function backendCpu(url: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: url, application_name: 'bench-cost-probe' });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1',
      [APP_NAME],
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100);
      } catch {
        // gone meanwhile
      }
    }
    return cpu;
  } finally {
    await client.end();
  }
}

const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

export async function runChannelsCostBench(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const only = process.env.BENCH_CHANNELS_DB;
  const databases = [
    ...(only !== 'postgres' ? [{ label: 'SQLite', url: '' }] : []),
    ...(url && only !== 'sqlite' ? [{ label: 'PostgreSQL', url }] : []),
  ];
  const telegram = await startTelegram(SERVER_PORT + 1);
  const rows: (string | number)[][] = [];
  const kinds: (string | number)[][] = [];
  let run = 0;
  try {
    for (const database of databases) {
      if (database.url) process.env.API_DATABASE_URL = database.url;
      else delete process.env.API_DATABASE_URL;
      const { t, url: webhook } = await startBenchServer(telegram, SERVER_PORT);
      try {
        statements.clear();
        const before = loadAverage();
        const cpu = process.cpuUsage();
        const pgCpu = postgresCpuMicros();
        const backendsBefore = database.url ? await backendCpu(database.url) : null;
        const r = await load(telegram.child, {
          type: 'run',
          url: webhook,
          rate: RATE,
          updates: UPDATES,
          burstChats: CHATS,
          burst: BURST,
          firstChat: 2_000_000 + run++ * 10_000,
        });
        const used = process.cpuUsage(cpu);
        const pgUsed = pgCpu === null ? null : postgresCpuMicros()! - pgCpu;
        let backendsUsed: number | null = null;
        if (database.url && backendsBefore) {
          backendsUsed = 0;
          for (const [pid, micros] of await backendCpu(database.url))
            backendsUsed += micros - (backendsBefore.get(pid) ?? 0);
        }
        const turns = UPDATES + CHATS * (BURST + 1);
        const total = [...statements.values()].reduce((a, b) => a + b.count, 0);
        const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
        rows.push([
          database.label,
          turns,
          database.url ? (total / turns).toFixed(1) : '–',
          ((used.user + used.system) / 1000 / turns).toFixed(2),
          backendsUsed !== null ? (backendsUsed / 1000 / turns).toFixed(2) : '–',
          database.url && pgUsed !== null ? (pgUsed / 1000 / turns).toFixed(2) : '–',
          percentile(sorted(r.replies), 50).toFixed(1),
          percentile(sorted(r.replies), 95).toFixed(1),
          percentile(sorted(r.burstReplies), 95).toFixed(1),
          `${r.lost} / ${r.duplicated} / ${r.outOfOrder}`,
          `${before} → ${loadAverage()}`,
        ]);
        if (database.url)
          for (const [kind, n] of [...statements].sort((a, b) => b[1].count - a[1].count))
            kinds.push([kind, (n.count / turns).toFixed(2), (n.ms / n.count).toFixed(2)]);
      } finally {
        await t.close();
      }
    }
  } finally {
    delete process.env.API_DATABASE_URL;
    telegram.child.send({ type: 'stop' });
  }
  printTable(
    `Cost of a channel turn (${UPDATES} /start at ${RATE}/s, then ${CHATS} chats × ${BURST} in order)`,
    [
      'database',
      'turns',
      'statements / turn',
      'server CPU ms / turn',
      'its PostgreSQL backends CPU ms / turn',
      'all PostgreSQL CPU ms / turn',
      'reply p50',
      'reply p95',
      'burst reply p95',
      'lost / dup / order',
      'load avg before → after',
    ],
    rows,
  );
  if (kinds.length)
    printTable('PostgreSQL statements per turn, by kind', ['statement', 'per turn', 'ms each (wall)'], kinds);
}
