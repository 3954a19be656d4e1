// The messages between the main thread and the SQLite thread (sqlite-thread.ts ↔ worker.ts),
// typed on both sides. Each question carries an id; its answer carries the same id back.

/** A statement and its parameters. */
export type Write = [sql: string, params: unknown[]];

/**
 * Many writes of a few statements as one JSON text: each statement's text once, then each row's
 * statement (its index) and parameters. A text crosses between threads in one copy, where the
 * analytics fold's ~550 rows a batch as arrays took ~0.8 ms of the main thread to copy out of the
 * fold's thread and again into this one (issue 19's cost, docs/analytics-cost.md).
 */
export interface PackedWrites {
  statements: string[];
  rows: [statement: number, params: unknown[]][];
}

/**
 * Writes that stand or fall together inside a batch: `guard` runs first, and when it changes no
 * row (a session whose version moved on) the rest of the group is skipped. `packed`: more writes,
 * after `then`, as the JSON text of PackedWrites.
 */
export interface WriteGroup {
  guard: Write;
  then: Write[];
  packed?: string;
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

/** Close the connection and end the thread; answered by the thread's exit. */
export interface StopQuestion {
  type: 'stop';
}

export type Question = WriteQuestion | ReadQuestion | StopQuestion;

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

/** The question failed; nothing of a failed write was committed. */
export interface FailedAnswer {
  type: 'failed';
  id: number;
  error: string;
}

export type Answer = WriteAnswer | ReadAnswer | FailedAnswer;

/** The answer to each kind of question, when it did not fail. */
export type AnswerTo<Q extends { type: 'write' | 'read' }> = Extract<Answer, { type: Q['type'] }>;
