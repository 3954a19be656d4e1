// The analytics fold's thread on PostgreSQL (started by fold-thread.ts): one connection of its own,
// and each batch asked of it run whole (fold-postgres.ts), one at a time.
import { workerData } from 'node:worker_threads';
import pg from 'pg';
import { foldBatchPostgres } from './fold-postgres.js';
import type { PostgresFoldSetup } from './fold-thread.js';
import { serveFolds } from './fold-worker-serve.js';

const setup = workerData as PostgresFoldSetup;
const pool = new pg.Pool({
  connectionString: setup.connectionString,
  options: setup.options,
  application_name: setup.name,
  max: 1,
});
// A connection lost while idle (the database restarted): the pool opens another for the next batch.
pool.on('error', () => {});

// The batch in flight (if any) finishes first: end() waits for its connection to come back.
serveFolds(
  (settled: number) => foldBatchPostgres(pool, settled),
  () => pool.end(),
);
