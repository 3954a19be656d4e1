// What recording analytics costs a chat turn: the runtime bench's load (bench/runtime.ts: 100
// guests through the shop flow over loopback HTTP) against two servers started together, one with
// analytics and one with ANALYTICS=off, taking turns in short slices so both see the same machine.
//
// Why short slices, many of them: this machine is shared, and its speed swings by 2× from one
// 5-second round to the next. Two identical servers (BENCH_COST_AA=1: both with analytics off)
// measured in 7 alternating 5 s rounds differed by −3 % to 17 % in their median — the measure
// could not tell 5 % from 0. Slices of 2 s, in pairs a few seconds apart, see nearly the same
// machine. The loss is read two ways: from all the turns each server served over the run (the
// headline: a slow slice weighs no more than its turns), and as each pair's own ratio (on / off),
// the median and quartiles of the pairs. On this machine four A/A runs' all-turns figures came
// out between −2.8 % and 5.2 %, and single pairs still swing by ±20 %: a loss of 5 % is at the
// edge of what this bench can see here (docs/analytics-cost.md).
import autocannon from 'autocannon';
import pg from 'pg';
import { startOrdersApi } from './orders-api.js';
import { processesCpuMicros } from './proc-cpu.js';
import { guestRequests } from './runtime-flow.js';
import { GUESTS, load, median, ServerProcess, type Load } from './runtime.js';
import { spread } from './stats.js';

const percent = (x: number) => `${(100 * x).toFixed(1)} %`;
const SLICE_SECONDS = Number(process.env.BENCH_COST_SLICE ?? 2);
const PAIRS = Number(process.env.BENCH_COST_PAIRS ?? 30);
/** A/A calibration: both servers without analytics, so the loss shows the measure's own noise. */
const AA = Boolean(process.env.BENCH_COST_AA);
/**
 * The analytics server (A in an A/A run) is started second. Identical servers were not always
 * equal by the order they started in (SQLite A/A runs: 7 of 8 favoured the second), so a series
 * of runs alternates it, and its median cancels whatever the order adds.
 */
const ON_SECOND = Boolean(process.env.BENCH_COST_ON_SECOND);
/**
 * Both servers under load at once in each slice (each from its own GUESTS connections), instead of
 * one after the other: whatever the shared machine does during a slice, both see it, so its swings
 * cancel out of the pair's ratio. The servers then share the cores, so the ratio is that of the CPU
 * each needs a turn, where the one-after-the-other slices measure each server's throughput alone.
 */
const TOGETHER = Boolean(process.env.BENCH_COST_TOGETHER);

export const COST_METHOD = `${PAIRS} pairs of ${SLICE_SECONDS} s slices${TOGETHER ? ', both servers loaded together' : ''}${AA ? ', A/A: both servers with analytics off' : ''}${ON_SECOND ? ', analytics server started second' : ''}`;

export async function benchCost(label: string, databaseUrl: string): Promise<(string | number)[][]> {
  const orders = await startOrdersApi();
  // BENCH_ON_SQL: statements the analytics server runs in its database first (a schema to try).
  const startOn = () =>
    new ServerProcess(databaseUrl, orders.url, {
      ANALYTICS: AA ? 'off' : 'on',
      BENCH_SERVER_SQL: process.env.BENCH_ON_SQL ?? '',
    });
  const startOff = () => new ServerProcess(databaseUrl, orders.url, { ANALYTICS: 'off' });
  // Started in the order written.
  const { on, off } = ON_SECOND ? { off: startOff(), on: startOn() } : { on: startOn(), off: startOff() };
  try {
    const servers = await Promise.all([on.next(), off.next()]);
    if (servers.some((m) => m.type !== 'ready')) throw new Error('a bench server did not start');
    const [readyOn, readyOff] = servers as { type: 'ready'; base: string; botId: number }[];
    const chat = (ready: { base: string; botId: number }, problems: string[]) => ({
      url: ready.base,
      requests: guestRequests(ready.botId, problems),
      duration: SLICE_SECONDS,
    });
    for (const ready of [readyOn, readyOff])
      await autocannon({ connections: GUESTS, ...chat(ready, []), duration: 3 });
    const foldBackends = databaseUrl && !AA ? await foldBackendPids(databaseUrl) : [];
    const foldCpuAtStart = processesCpuMicros(foldBackends);
    const loadOne = async (which: 'on' | 'off') => {
      const problems: string[] = [];
      const server = which === 'on' ? on : off;
      const result = await load(server, chat(which === 'on' ? readyOn : readyOff, problems), problems);
      if (problems.length)
        console.log(`${label} ${which}: ${problems.length} unexpected answers: ${problems[0]}`);
      return result;
    };
    const pairs: { on: Load; off: Load }[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const pair: Partial<{ on: Load; off: Load }> = {};
      if (TOGETHER) [pair.on, pair.off] = await Promise.all([loadOne('on'), loadOne('off')]);
      // Alternate which goes first, so neither always runs on a machine the other just warmed.
      else
        for (const which of i % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const))
          pair[which] = await loadOne(which);
      const done = pair as { on: Load; off: Load };
      pairs.push(done);
      if (process.env.BENCH_VERBOSE)
        console.log(
          `${label} pair ${i + 1}: on ${Math.round(done.on.perSecond)}, off ${Math.round(done.off.perSecond)} turns/s`,
        );
    }
    if (foldBackends.length) {
      // The fold's own statements, apart from the turns' (PostgreSQL's on − off holds both).
      const turns = pairs.reduce((sum, p) => sum + p.on.perSecond * SLICE_SECONDS, 0);
      const micros = (processesCpuMicros(foldBackends) - foldCpuAtStart) / turns;
      console.log(
        `${label}: the fold's PostgreSQL backend, ${micros.toFixed(1)} µs a turn of the analytics server`,
      );
    }
    const lossOfPairs = pairs.map((p) => 1 - p.on.perSecond / p.off.perSecond);
    // Quartiles and extremes from spread; the median from runtime.ts's median, as every other
    // figure of the table (it takes the mean of the two middle pairs of an even count).
    const losses = { ...spread(lossOfPairs), median: median(lossOfPairs) };
    const served = (name: 'on' | 'off') => pairs.reduce((sum, p) => sum + p[name].perSecond, 0);
    const row = (name: 'on' | 'off') => {
      const rates = pairs.map((p) => p[name].perSecond);
      return [
        label,
        AA ? `${name === 'on' ? 'A' : 'B'} (off)` : name,
        Math.round(median(rates)),
        `${Math.round(Math.min(...rates))}–${Math.round(Math.max(...rates))}`,
        Math.round(median(pairs.map((p) => p[name].cpuMicrosPerRequest))),
        `${Math.round(median(pairs.map((p) => p[name].mainMicrosPerRequest)))} (${Math.round(
          median(pairs.map((p) => p[name].gcMicrosPerRequest)),
        )})`,
        // PostgreSQL runs beside the servers: its backends' CPU per turn (SQLite's is in the
        // server's); loaded together, the two servers' shares cannot be told apart.
        databaseUrl && !TOGETHER
          ? Math.round(median(pairs.map((p) => p[name].databaseMicrosPerRequest ?? NaN)))
          : '—',
        name === 'on' ? percent(1 - served('on') / served('off')) : '',
        name === 'on'
          ? `${percent(losses.median)} (${percent(losses.p25)} to ${percent(losses.p75)}; ${percent(losses.min)} to ${percent(losses.max)})`
          : '',
      ];
    };
    return [row('off'), row('on')];
  } finally {
    await Promise.all([on.stop(), off.stop()]);
    orders.close();
  }
}

/** The PostgreSQL backends of the analytics folds (their application_name: db/connect.ts). */
async function foldBackendPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where application_name like 'botflow analytics fold %'`,
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}
