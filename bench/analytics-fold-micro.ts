// The SQLite fold timed alone, on the runtime bench's own traffic (issue 19 cost,
// docs/analytics-cost.md). The cost bench sees a few µs a turn only through the noise of a whole
// server under load; this folds the same events again and again on one thread and reads its CPU.
//
// The first run records the events: the runtime bench's server (analytics on) serves the bench's
// guests for a few seconds and keeps its database in FOLD_MICRO_DIR (default: a folder in the
// temp dir). Each round then, in a transaction it rolls back, forgets what the fold made (the
// outcome rows, the hourly counters, the cursor) and folds every event again, in the batches a
// server folds: read and added up as the fold thread does (fold-sqlite.ts), written as the SQLite
// thread does (fold.ts foldBatchSqlite), here on one connection.
//
// To compare two trees, run this in each (a git worktree of the tree before a change, with this
// file and node_modules) one after the other, several times, against the same recording, and
// compare the lowest rounds: this machine's slow spells last longer than a run (a whole run comes
// out 2× slower), and folding with both trees' modules in one process made each slower by turns.
// FOLD_MICRO_VERBOSE=1 prints each round's user and system CPU.
// Run: npx tsx bench/analytics-fold-micro.ts   (FOLD_MICRO_ROUNDS=9, FOLD_MICRO_SECONDS=8)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { readFoldBatch } from '../server/analytics/fold-sqlite.js';
import { CURSOR, FOLD_BATCH, MOVE_CURSOR_SQL } from '../server/analytics/fold-sql.js';
import { statementCache } from '../server/db/statement-cache.js';
import { runPackedWrites } from '../server/db/sqlite-worker/packed-writes.js';
import { recordTraffic } from './record-traffic.js';
import { spread } from './stats.js';

const dir = process.env.FOLD_MICRO_DIR ?? path.join(os.tmpdir(), 'botflow-fold-micro');
const file = path.join(dir, 'botflow.sqlite');
const ROUNDS = Number(process.env.FOLD_MICRO_ROUNDS ?? 9);

if (!fs.existsSync(file)) {
  fs.mkdirSync(dir, { recursive: true });
  await recordTraffic('', { BENCH_SERVER_DATA_DIR: dir });
}
const db = new SQLite(file, { fileMustExist: true });
// As the SQLite thread's connection (server/db/sqlite-worker/worker.ts).
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');

/** A server's batch on one connection: read and added up, then written with the cursor's move. */
function foldBatch(prepare: (sql: string) => SQLite.Statement): number {
  const batch = readFoldBatch(prepare);
  if (!batch) return 0;
  prepare(MOVE_CURSOR_SQL).run(batch.last, batch.cursor);
  runPackedWrites(batch.writes, prepare);
  return batch.folded;
}
const { events, guests } = db
  .prepare(
    `select count(*) as events, count(distinct json_extract(payload, '$[0]')) as guests from analytics_turns`,
  )
  .get() as { events: number; guests: number };

/** CPU µs an event of folding them all again (what the fold made before is rolled back after). */
function round(prepare: (sql: string) => SQLite.Statement): number {
  db.exec('begin immediate');
  try {
    for (const table of ['analytics_sessions', 'analytics_node_hours', 'analytics_call_hours'])
      db.exec(`delete from ${table}`);
    db.prepare('update analytics_rollups set rolled_until = 0 where name = ?').run(CURSOR);
    let folded = 0;
    const start = process.cpuUsage();
    for (;;) {
      const count = foldBatch(prepare);
      folded += count;
      if (count < FOLD_BATCH) break;
    }
    const used = process.cpuUsage(start);
    if (folded !== events) throw new Error(`folded ${folded} of ${events} events`);
    if (process.env.FOLD_MICRO_VERBOSE)
      console.log(`user ${(used.user / events).toFixed(2)} sys ${(used.system / events).toFixed(2)}`);
    return (used.user + used.system) / events;
  } finally {
    db.exec('rollback');
  }
}

round(statementCache(db));
const prepare = statementCache(db);
const times = Array.from({ length: ROUNDS }, () => round(prepare));
const { median, min, max } = spread(times);
console.log(`${events} events of ${guests} guests (${file})`);
console.log(
  `fold: ${median.toFixed(2)} µs an event (lowest round ${min.toFixed(2)}, highest ${max.toFixed(2)}; ${ROUNDS} rounds)`,
);
db.close();
