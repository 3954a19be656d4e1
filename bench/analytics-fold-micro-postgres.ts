// The PostgreSQL fold timed alone, on the runtime bench's own traffic (issue 19 cost,
// docs/analytics-cost.md): the fold's statements run in PostgreSQL's backend, at normal priority,
// on the cores the bench's server needs; the cost bench measured that backend at ~9.5 µs a turn
// (its "fold's PostgreSQL backend" line). This reads where that time goes, statement by statement.
//
// The first run records the events: the runtime bench's server (analytics on) serves the bench's
// guests for a few seconds in the schema FOLD_MICRO_SCHEMA (default fold_micro) and keeps it. Each
// round then, in a transaction it rolls back, empties what the fold made (the outcome rows, the
// hourly counters; TRUNCATE, so no dead rows linger for the next round), moves the cursor back,
// and folds every event again with the server's own batch (fold-postgres.ts foldBatchPostgres) on
// one connection. The backend's CPU is read from /proc/<pid>/schedstat (ns) around each
// statement, so only a database on this machine can be measured.
// Run: npx tsx bench/analytics-fold-micro-postgres.ts   (FOLD_MICRO_ROUNDS=7, FOLD_MICRO_SECONDS=8;
// DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
import fs from 'node:fs';
import pg from 'pg';
import { foldBatchPostgres } from '../server/analytics/fold-postgres.js';
import { CURSOR } from '../server/analytics/fold-sql.js';
import { KEY_LOOKUPS_ONLY } from '../server/db/connect.js';
import { recordTraffic } from './record-traffic.js';
import { storedRowEvents, type StoredEvent } from '../src/core/analytics/index.js';
import { spread } from './stats.js';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = process.env.FOLD_MICRO_SCHEMA ?? 'fold_micro';
const ROUNDS = Number(process.env.FOLD_MICRO_ROUNDS ?? 7);

const client = new pg.Client({
  connectionString: databaseUrl,
  // As the fold thread's connection (server/db/connect.ts).
  options: `${KEY_LOOKUPS_ONLY}-c search_path=${schema}`,
});
await client.connect();
const { rows: found } = await client.query('select from pg_namespace where nspname = $1', [schema]);
if (!found.length) {
  await recordTraffic(databaseUrl, { BENCH_SERVER_SCHEMA: schema });
  // The server's last fold may have left events behind: the rounds fold them all.
}
const { rows: backend } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
const schedstat = `/proc/${backend[0].pid}/schedstat`;
/** The backend's CPU so far, in µs. */
const backendMicros = () => Number(fs.readFileSync(schedstat, 'utf8').split(' ')[0]) / 1000;

// A row holds one event or the events one statement stored together (repos/analytics-writes.ts).
const { rows: stored } = await client.query<{ at: string; payload: string }>(
  'select at, payload from analytics_turns',
);
const guestIds = new Set<string>();
let events = 0;
const countEvent = (_: number, event: StoredEvent) => {
  events++;
  guestIds.add(event[0]);
};
for (const { at, payload } of stored) storedRowEvents(Number(at), payload, countEvent);
const guests = guestIds.size;

/** Each statement's backend CPU, by its prepared name, summed over a round. */
const byStatement = new Map<string, number>();
// The fold asks a pool; one client in a transaction answers as one, each statement timed.
const timedPool = {
  async query(config: pg.QueryConfig) {
    const before = backendMicros();
    const result = await client.query(config);
    const name = config.name ?? config.text;
    byStatement.set(name, (byStatement.get(name) ?? 0) + backendMicros() - before);
    return result;
  },
} as unknown as pg.Pool;

/** Folds every event again (what the fold made before is rolled back after): µs an event. */
async function round(): Promise<{ backend: number; client: number }> {
  await client.query('begin');
  try {
    await client.query('truncate analytics_sessions, analytics_node_hours, analytics_call_hours');
    await client.query('update analytics_rollups set rolled_until = 0 where name = $1', [CURSOR]);
    byStatement.clear();
    const backendStart = backendMicros();
    const start = process.cpuUsage();
    let folded = 0;
    for (;;) {
      const { folded: count, full } = await foldBatchPostgres(timedPool, Number.MAX_SAFE_INTEGER);
      folded += count;
      if (!full) break;
    }
    const used = process.cpuUsage(start);
    if (folded !== events) throw new Error(`folded ${folded} of ${events} events`);
    return { backend: (backendMicros() - backendStart) / events, client: (used.user + used.system) / events };
  } finally {
    await client.query('rollback');
  }
}

await round();
const rounds: { backend: number; client: number }[] = [];
const statements = new Map<string, number[]>();
for (let i = 0; i < ROUNDS; i++) {
  rounds.push(await round());
  for (const [name, micros] of byStatement) statements.set(name, [...(statements.get(name) ?? []), micros]);
}
/** µs an event: median (lowest–highest). */
const line = (values: number[]) => {
  const { median, min, max } = spread(values);
  return `${median.toFixed(2)} (${min.toFixed(2)}–${max.toFixed(2)})`;
};
console.log(
  `${events} events in ${stored.length} rows, of ${guests} guests (schema ${schema}); µs an event, median (lowest–highest) of ${ROUNDS} rounds`,
);
console.log(`backend, whole fold: ${line(rounds.map((r) => r.backend))}`);
for (const [name, values] of statements) console.log(`  ${name}: ${line(values.map((v) => v / events))}`);
console.log(`this process (the fold's JavaScript and the driver): ${line(rounds.map((r) => r.client))}`);
await client.end();
