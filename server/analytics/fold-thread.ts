// PostgreSQL: the fold's own thread, a worker with one connection of its own, which runs each batch
// (fold-postgres.ts) so that the main thread, busy answering every chat turn, does not. A second's
// events under the runtime bench's load are ~1,500 parsed, added up and written as ~400 outcome
// rows, ~5 ms of the main thread's time each second that the turns waited behind
// (docs/analytics-cost.md). Started at the first fold; when it fails, the batches run on the main
// thread again with the server's own pool, as before it existed.
import type { Worker } from 'node:worker_threads';
import type pg from 'pg';
import { startWorker } from '../db/start-worker.js';
import { foldBatchPostgres, type BatchCount } from './fold-postgres.js';

/** What the thread is started with (its workerData): how to reach the database. */
export interface FoldThreadSetup {
  connectionString: string;
  options: string | undefined;
  /** Its connection's application_name, as the database's sessions (pg_stat_activity) show it. */
  name: string;
}

/** Main thread → fold thread: fold a batch, or end. */
export type FoldThreadQuestion = { type: 'fold'; id: number; settled: number } | { type: 'stop' };
/** Fold thread → main thread: a batch's count, or why it failed. */
export type FoldThreadAnswer = { id: number; count: BatchCount } | { id: number; error: string };

export class PostgresFoldThread {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve(count: BatchCount): void; reject(e: Error): void }>();
  private nextId = 0;
  /** Stopped (the database closes) or failed: batches run on the main thread. */
  private ended = false;
  private exited: Promise<void> = Promise.resolve();

  /** `pool`: the server's own, for batches run on the main thread. */
  constructor(
    private readonly setup: FoldThreadSetup,
    private readonly pool: pg.Pool,
  ) {}

  /** Folds the next batch of events on the thread (fold-postgres.ts foldBatchPostgres). */
  fold(settled: number): Promise<BatchCount> {
    if (this.ended) return foldBatchPostgres(this.pool, settled);
    const worker = this.started();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ type: 'fold', id, settled } satisfies FoldThreadQuestion);
    });
  }

  /** Settles once the thread has ended its connection (nothing is asked of it after). */
  stop(): Promise<void> {
    if (!this.ended) {
      this.ended = true;
      this.worker?.postMessage({ type: 'stop' } satisfies FoldThreadQuestion);
    }
    return this.exited;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker(new URL('./fold-thread-worker.ts', import.meta.url), {
      workerData: this.setup,
    });
    // An idle server may exit with the thread still there: it holds nothing a fold has not written.
    worker.unref();
    worker.on('message', (answer: FoldThreadAnswer) => {
      const waiting = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if ('error' in answer) waiting?.reject(new Error(answer.error));
      else waiting?.resolve(answer.count);
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
