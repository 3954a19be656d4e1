// SQLite work that need not hold up the event loop, on a worker thread with its own connection to
// the same file: the chat turns' batched reads and writes, and the WAL checkpoints. better-sqlite3
// is synchronous, so on the main thread a batch of turns' commit (the session updates, the turn
// rows, their index entries and the WAL append) stops every other request for its duration: a
// sixth of the server's time under chat load. Here it runs beside them. The turns' reads come
// here too (TurnReader): as the only writer, this connection keeps its page cache, which the
// main connection lost at each of this thread's commits. Other reads stay on the main thread. The
// analytics fold adds its batches up on a thread of its own and hands their writes here
// (analytics/fold-thread.ts).
//
// Checkpoints: a checkpoint copies the WAL back into the database file and fsyncs both; run by
// SQLite itself after a commit (every 1000 pages), it stalls its thread for tens of milliseconds
// on a slow disk, many times a second under chat load. This thread runs them (PASSIVE: it never
// waits for, nor blocks, readers and writers). SQLite's own automatic checkpoint stays as a
// safety net, at a size this thread keeps the WAL far below; if the thread stops, SQLite's
// default comes back and writes go back to the main thread.
import type SQLite from 'better-sqlite3';
import type { Worker } from 'node:worker_threads';
import type {
  Answer,
  AnswerTo,
  Question,
  ReadQuestion,
  ThreadSetup,
  WriteGroup,
  WriteQuestion,
} from './sqlite-worker/messages.js';
import { startWorker } from './start-worker.js';

export type { PackedWrites, Write, WriteGroup } from './sqlite-worker/messages.js';

const CHECKPOINT_EVERY_MS = 100;
const SAFETY_CHECKPOINT_PAGES = 10_000;

/** A question as asked, before it is given its id. */
type Asked = Omit<WriteQuestion, 'id'> | Omit<ReadQuestion, 'id'>;

export class SqliteThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve(answer: Answer): void; reject(e: Error): void }>();
  private nextId = 0;
  private stopped = false;
  /** Settles when the thread has ended (its connection closed, the WAL files settled). */
  private readonly exited: Promise<void>;
  /** False once the thread stopped or failed: writes then belong to the main thread again. */
  running = true;

  constructor(private readonly file: SQLite.Database) {
    const setup: ThreadSetup = { file: file.name, everyMs: CHECKPOINT_EVERY_MS };
    this.worker = startWorker(new URL('./sqlite-worker/worker.ts', import.meta.url), { workerData: setup });
    // An idle server may exit with the thread still there; close hooks see to pending writes.
    this.worker.unref();
    file.pragma(`wal_autocheckpoint = ${SAFETY_CHECKPOINT_PAGES}`);
    this.worker.on('message', (answer: Answer) => {
      const waiting = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (answer.type === 'failed') waiting?.reject(new Error(answer.error));
      else waiting?.resolve(answer);
    });
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.once('error', (error) => this.fail(error));
    this.worker.once('exit', () => this.fail(new Error('The SQLite thread stopped')));
  }

  /** Runs the groups in one transaction; answers the indexes of the groups skipped by their guard. */
  async write(groups: WriteGroup[]): Promise<number[]> {
    return (await this.ask({ type: 'write', groups })).skipped;
  }

  /**
   * Runs one reading statement once per parameter list; answers the first row of each (undefined
   * when there is none). Messages are handled in order: a read sees every write asked before it.
   */
  async read<R>(sql: string, paramLists: unknown[][]): Promise<(R | undefined)[]> {
    return (await this.ask({ type: 'read', sql, params: paramLists })).rows as (R | undefined)[];
  }

  private ask<A extends Asked>(asked: A): Promise<AnswerTo<A>> {
    if (!this.running) return Promise.reject(new Error('The SQLite thread stopped'));
    const question = { ...asked, id: this.nextId++ } as WriteQuestion | ReadQuestion;
    return new Promise((resolve, reject) => {
      // The thread answers a question with an answer of its own type (or a failure, rejected).
      this.waiting.set(question.id, { resolve: resolve as (answer: Answer) => void, reject });
      this.post(question);
    });
  }

  private post(question: Question): void {
    this.worker.postMessage(question);
  }

  /**
   * Call once nothing writes any more (see close-hooks.ts); settles when the thread has closed its
   * connection, so nothing of the database's files is still being written. Stopping twice waits
   * for the same end.
   */
  stop(): Promise<void> {
    if (!this.stopped) {
      this.stopped = true;
      this.running = false;
      this.post({ type: 'stop' });
    }
    return this.exited;
  }

  private fail(error: Error): void {
    this.running = false;
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
    if (!this.stopped && this.file.open) this.file.pragma('wal_autocheckpoint = 1000');
  }
}
