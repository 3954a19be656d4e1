// SQLite work that need not hold up the event loop, on a worker thread with its own connection to
// the same file: the chat turns' batched reads and writes, and the WAL checkpoints. better-sqlite3
// is synchronous, so on the main thread a batch of turns' commit (the session updates, the turn
// rows, their index entries and the WAL append) stops every other request for its duration: a
// sixth of the server's time under chat load. Here it runs beside them. The turns' reads come
// here too (TurnReader): as the only writer, this connection keeps its page cache, which the
// main connection lost at each of this thread's commits. Other reads stay on the main thread.
//
// Checkpoints: a checkpoint copies the WAL back into the database file and fsyncs both; run by
// SQLite itself after a commit (every 1000 pages), it stalls its thread for tens of milliseconds
// on a slow disk, many times a second under chat load. This thread runs them (PASSIVE: it never
// waits for, nor blocks, readers and writers). SQLite's own automatic checkpoint stays as a
// safety net, at a size this thread keeps the WAL far below; if the thread stops, SQLite's
// default comes back and writes go back to the main thread.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** A statement and its parameters. */
export type Write = [sql: string, params: unknown[]];

/**
 * Writes that stand or fall together inside a batch: `guard` runs first, and when it changes no
 * row (a session whose version moved on) the rest of the group is skipped.
 */
export interface WriteGroup {
  guard: Write;
  then: Write[];
}

const CHECKPOINT_EVERY_MS = 100;
const SAFETY_CHECKPOINT_PAGES = 10_000;

// Plain JavaScript, evaluated as the worker: the thread needs no TypeScript loader.
const THREAD = `
  const { workerData, parentPort } = require('node:worker_threads');
  const SQLite = require(workerData.module);
  const db = new SQLite(workerData.file, { fileMustExist: true });
  // Per connection: the same guarantees as the main thread's (see openDatabase).
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const statements = new Map();
  const prepare = (sql) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  // One transaction per batch; the indexes of the groups whose guard changed nothing.
  const writeGroups = db.transaction((groups) => {
    const skipped = [];
    groups.forEach(([guard, then], index) => {
      if (prepare(guard[0]).run(guard[1]).changes === 0) return void skipped.push(index);
      for (const [sql, params] of then) prepare(sql).run(params);
    });
    return skipped;
  });
  // Reads of a batch of turns: one row (or undefined) per parameter list.
  const readAll = (sql, paramLists) => {
    const statement = prepare(sql);
    return paramLists.map((params) => statement.get(params));
  };
  const timer = setInterval(() => {
    try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
  }, workerData.everyMs);
  parentPort.on('message', (message) => {
    if (message.type === 'stop') {
      clearInterval(timer);
      db.close();
      parentPort.close();
      return;
    }
    try {
      const answer = message.type === 'read'
        ? { rows: readAll(message.sql, message.params) }
        : { skipped: writeGroups(message.groups) };
      parentPort.postMessage({ id: message.id, ...answer });
    } catch (error) {
      parentPort.postMessage({ id: message.id, error: String((error && error.message) || error) });
    }
  });
`;

interface Answer {
  id: number;
  skipped?: number[];
  rows?: unknown[];
  error?: string;
}

export class SqliteThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve(answer: Answer): void; reject(e: Error): void }>();
  private nextId = 0;
  private stopped = false;
  /** False once the thread stopped or failed: writes then belong to the main thread again. */
  running = true;

  constructor(private readonly file: SQLite.Database) {
    const module = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(THREAD, {
      eval: true,
      workerData: { module, file: file.name, everyMs: CHECKPOINT_EVERY_MS },
    });
    // An idle server may exit with the thread still there; close hooks see to pending writes.
    this.worker.unref();
    file.pragma(`wal_autocheckpoint = ${SAFETY_CHECKPOINT_PAGES}`);
    this.worker.on('message', (answer: Answer) => {
      const waiting = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (answer.error !== undefined) waiting?.reject(new Error(answer.error));
      else waiting?.resolve(answer);
    });
    this.worker.once('error', (error) => this.fail(error));
    this.worker.once('exit', () => this.fail(new Error('The SQLite thread stopped')));
  }

  /** Runs the groups in one transaction; answers the indexes of the groups skipped by their guard. */
  async write(groups: WriteGroup[]): Promise<number[]> {
    const answer = await this.ask({ type: 'write', groups: groups.map((g) => [g.guard, g.then]) });
    return answer.skipped ?? [];
  }

  /**
   * Runs one reading statement once per parameter list; answers the first row of each (undefined
   * when there is none). Messages are handled in order: a read sees every write asked before it.
   */
  async read<R>(sql: string, paramLists: unknown[][]): Promise<(R | undefined)[]> {
    return ((await this.ask({ type: 'read', sql, params: paramLists })).rows ?? []) as (R | undefined)[];
  }

  private ask(message: object): Promise<Answer> {
    if (!this.running) return Promise.reject(new Error('The SQLite thread stopped'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  /** Call once nothing writes any more (see close-hooks.ts). */
  stop(): void {
    this.stopped = true;
    this.running = false;
    this.worker.postMessage({ type: 'stop' });
  }

  private fail(error: Error): void {
    this.running = false;
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
    if (!this.stopped && this.file.open) this.file.pragma('wal_autocheckpoint = 1000');
  }
}
