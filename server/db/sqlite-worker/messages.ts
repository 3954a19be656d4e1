// The messages between the main thread and the SQLite thread (sqlite-thread.ts ↔ worker.ts),
// typed on both sides. Each question carries an id; its answer carries the same id back.
import type { FoldCount } from '../../analytics/fold-sql.js';

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

/** What the thread is started with (its workerData). */
export interface ThreadSetup {
  /** The database file the main thread opened. */
  file: string;
  /** How often the thread checkpoints the WAL. */
  everyMs: number;
}

/** Run the groups in one transaction. */
export interface WriteQuestion {
  type: 'write';
  id: number;
  groups: WriteGroup[];
}

/** Run one reading statement once per parameter list. */
export interface ReadQuestion {
  type: 'read';
  id: number;
  sql: string;
  params: unknown[][];
}

/** Fold the next batch of analytics events (analytics/fold-on-thread.ts). */
export interface FoldQuestion {
  type: 'fold';
  id: number;
}

/** Close the connection and end the thread; answered by the thread's exit. */
export interface StopQuestion {
  type: 'stop';
}

export type Question = WriteQuestion | ReadQuestion | FoldQuestion | StopQuestion;

/** The indexes of the groups whose guard changed nothing. */
export interface WriteAnswer {
  type: 'write';
  id: number;
  skipped: number[];
}

/** The first row of each parameter list (undefined when there is none). */
export interface ReadAnswer {
  type: 'read';
  id: number;
  rows: unknown[];
}

/** How many events the batch folded, and how many of them it skipped as unreadable. */
export interface FoldAnswer extends FoldCount {
  type: 'fold';
  id: number;
}

/** The question failed; nothing of a failed write was committed. */
export interface FailedAnswer {
  type: 'failed';
  id: number;
  error: string;
}

export type Answer = WriteAnswer | ReadAnswer | FoldAnswer | FailedAnswer;

/** The answer to each kind of question, when it did not fail. */
export type AnswerTo<Q extends { type: 'write' | 'read' | 'fold' }> = Extract<Answer, { type: Q['type'] }>;
