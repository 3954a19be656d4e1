// The analytics fold's own thread: a worker that adds up each batch of events (fold.ts) so that
// the main thread, busy answering every chat turn, does not. A second's events under the runtime
// bench's load are ~1,500 parsed, added up and written as ~400 outcome rows, ~5 ms of the main
// thread's time each second that the turns waited behind (docs/analytics-cost.md). The worker
// runs at the lowest CPU priority (db/thread-priority.ts): the fold can wait a few ms, the turns
// cannot. Started at the first fold; when it fails, the batches run on the main thread, as
// before it existed.
// - PostgreSQL: the worker folds each batch whole with one connection of its own (fold-postgres.ts).
// - SQLite: the worker reads and adds up a batch with a connection of its own and answers its
//   writes, which the SQLite thread then runs (fold-sqlite.ts, fold.ts).
import type { Worker } from 'node:worker_threads';
import type pg from 'pg';
import type SQLite from 'better-sqlite3';
import { startWorker } from '../db/start-worker.js';
import { foldBatchPostgres, type BatchCount } from './fold-postgres.js';
import { readFoldBatch, type FoldedBatch } from './fold-sqlite.js';

/** Main thread → fold thread: fold a batch (with what this database's batch is asked), or end. */
export type FoldThreadQuestion<Asked> = { type: 'fold'; id: number; asked: Asked } | { type: 'stop' };
/** Fold thread → main thread: a batch's answer, or why it failed. */
export type FoldThreadAnswer<Folded> = { id: number; folded: Folded } | { id: number; error: string };

class FoldThread<Asked, Folded> {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve(folded: Folded): void; reject(e: Error): void }>();
  private nextId = 0;
  /** Stopped (the database closes) or failed: batches run on the main thread. */
  private ended = false;
  private exited: Promise<void> = Promise.resolve();

  /** `here`: the same batch on the main thread, once the thread has ended. */
  constructor(
    private readonly module: URL,
    private readonly setup: unknown,
    private readonly here: (asked: Asked) => Promise<Folded>,
  ) {}

  /** Folds the next batch of events on the thread. */
  fold(asked: Asked): Promise<Folded> {
    if (this.ended) return this.here(asked);
    const worker = this.started();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ type: 'fold', id, asked } satisfies FoldThreadQuestion<Asked>);
    });
  }

  /** Settles once the thread has ended its connection (nothing is asked of it after). */
  stop(): Promise<void> {
    if (!this.ended) {
      this.ended = true;
      this.worker?.postMessage({ type: 'stop' } satisfies FoldThreadQuestion<Asked>);
    }
    return this.exited;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker(this.module, { workerData: this.setup });
    // An idle server may exit with the thread still there: it holds nothing a fold has not written.
    worker.unref();
    worker.on('message', (answer: FoldThreadAnswer<Folded>) => {
      const waiting = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if ('error' in answer) waiting?.reject(new Error(answer.error));
      else waiting?.resolve(answer.folded);
    });
    this.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.once('error', (error) => this.fail(error));
    worker.once('exit', () => this.fail(new Error('The analytics fold thread stopped')));
    this.worker = worker;
    return worker;
  }

  /** The batches asked fail (the next fold asks again), and the next ones run on the main thread. */
  private fail(error: Error): void {
    this.ended = true;
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}

/** What PostgreSQL's fold thread is started with (its workerData): how to reach the database. */
export interface PostgresFoldSetup {
  connectionString: string;
  options: string | undefined;
  /** Its connection's application_name, as the database's sessions (pg_stat_activity) show it. */
  name: string;
}

/** PostgreSQL: each batch folded and written whole; asked with the id up to which events are settled. */
export class PostgresFoldThread extends FoldThread<number, BatchCount> {
  /** `pool`: the server's own, for batches run on the main thread. */
  constructor(setup: PostgresFoldSetup, pool: pg.Pool) {
    super(new URL('./fold-worker-postgres.ts', import.meta.url), setup, (settled) =>
      foldBatchPostgres(pool, settled),
    );
  }
}

/** What SQLite's fold thread is started with: the database file the main thread opened. */
export interface SqliteFoldSetup {
  file: string;
}

/** SQLite: each batch read and added up, its writes answered (null: no events after the cursor). */
export class SqliteFoldThread extends FoldThread<null, FoldedBatch | null> {
  /** `file` and `prepare`: the main thread's connection, for batches run on the main thread. */
  constructor(file: SQLite.Database, prepare: (sql: string) => SQLite.Statement) {
    super(
      new URL('./fold-worker-sqlite.ts', import.meta.url),
      { file: file.name } satisfies SqliteFoldSetup,
      () => Promise.resolve().then(() => readFoldBatch(prepare)),
    );
  }
}
