// What recording analytics costs a chat turn: the runtime bench's load (bench/runtime.ts: 100
// guests through the shop flow over loopback HTTP) against two servers started together, one with
// analytics and one with ANALYTICS=off, taking turns for ROUNDS rounds so both see the same
// machine. The loss is each round's own ratio (on / off), its median and range printed.
import autocannon from 'autocannon';
import { startOrdersApi } from './orders-api.js';
import { guestRequests } from './runtime-flow.js';
import { GUESTS, load, median, ROUNDS, ServerProcess, type Load } from './runtime.js';

const percent = (x: number) => `${(100 * x).toFixed(1)} %`;

export async function benchCost(label: string, databaseUrl: string): Promise<(string | number)[][]> {
  const orders = await startOrdersApi();
  // BENCH_ON_SQL: statements the analytics server runs in its database first (a schema to try).
  const on = new ServerProcess(databaseUrl, orders.url, {
    ANALYTICS: 'on',
    BENCH_SERVER_SQL: process.env.BENCH_ON_SQL ?? '',
  });
  const off = new ServerProcess(databaseUrl, orders.url, { ANALYTICS: 'off' });
  try {
    const servers = await Promise.all([on.next(), off.next()]);
    if (servers.some((m) => m.type !== 'ready')) throw new Error('a bench server did not start');
    const [readyOn, readyOff] = servers as { type: 'ready'; base: string; botId: number }[];
    const chat = (ready: { base: string; botId: number }, problems: string[]) => ({
      url: ready.base,
      requests: guestRequests(ready.botId, problems),
    });
    for (const ready of [readyOn, readyOff])
      await autocannon({ connections: GUESTS, duration: 2, ...chat(ready, []) });
    const rounds: { on: Load; off: Load }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate which goes first, so neither always runs on a machine the other just warmed.
      const order = i % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      const round: Partial<{ on: Load; off: Load }> = {};
      for (const which of order) {
        const problems: string[] = [];
        const server = which === 'on' ? on : off;
        round[which] = await load(server, chat(which === 'on' ? readyOn : readyOff, problems), problems);
        if (problems.length)
          console.log(`${label} ${which}: ${problems.length} unexpected answers: ${problems[0]}`);
      }
      rounds.push(round as { on: Load; off: Load });
    }
    const losses = rounds.map((r) => 1 - r.on.perSecond / r.off.perSecond);
    const row = (name: 'on' | 'off') => {
      const rates = rounds.map((r) => r[name].perSecond);
      return [
        label,
        name,
        Math.round(median(rates)),
        `${Math.round(Math.min(...rates))}–${Math.round(Math.max(...rates))}`,
        Math.round(median(rounds.map((r) => r[name].cpuMicrosPerRequest))),
        // PostgreSQL runs beside the servers: its backends' CPU per turn (SQLite's is in the server's).
        databaseUrl ? Math.round(median(rounds.map((r) => r[name].databaseMicrosPerRequest ?? NaN))) : '—',
        name === 'on'
          ? `${percent(median(losses))} (${percent(Math.min(...losses))} to ${percent(Math.max(...losses))})`
          : '',
      ];
    };
    return [row('off'), row('on')];
  } finally {
    await Promise.all([on.stop(), off.stop()]);
    orders.close();
  }
}
