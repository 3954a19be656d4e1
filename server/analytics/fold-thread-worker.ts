// The analytics fold's thread on PostgreSQL (started by fold-thread.ts): one connection of its own,
// and each batch asked of it run whole (fold-postgres.ts), one at a time.
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { foldBatchPostgres } from './fold-postgres.js';
import type { FoldThreadAnswer, FoldThreadQuestion, FoldThreadSetup } from './fold-thread.js';

const setup = workerData as FoldThreadSetup;
const port = parentPort;
if (!port) throw new Error('The analytics fold thread runs as a worker thread only');

const pool = new pg.Pool({
  connectionString: setup.connectionString,
  options: setup.options,
  application_name: setup.name,
  max: 1,
});
// A connection lost while idle (the database restarted): the pool opens another for the next batch.
pool.on('error', () => {});

port.on('message', (question: FoldThreadQuestion) => {
  if (question.type === 'stop') {
    // The batch in flight (if any) finishes first: end() waits for its connection to come back.
    void pool.end().finally(() => port.close());
    return;
  }
  foldBatchPostgres(pool, question.settled).then(
    (count) => port.postMessage({ id: question.id, count } satisfies FoldThreadAnswer),
    (error: unknown) =>
      port.postMessage({
        id: question.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies FoldThreadAnswer),
  );
});
