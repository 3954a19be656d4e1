// The SQLite thread itself (started by sqlite-thread.ts): its own connection to the database file,
// the batched reads and writes of the chat turns (the analytics fold's writes among them), and the
// WAL checkpoints. Why it exists is told in sqlite-thread.ts.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { statementCache } from '../statement-cache.js';
import type { Answer, Question, ThreadSetup, WriteGroup } from './messages.js';
import { runPackedWrites } from './packed-writes.js';

const setup = workerData as ThreadSetup;
const port = parentPort;
if (!port) throw new Error('The SQLite thread runs as a worker thread only');

const db = new SQLite(setup.file, { fileMustExist: true });
// Per connection: the same guarantees as the main thread's (see openDatabase).
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');

const prepare = statementCache(db);

/** One transaction per batch; answers the indexes of the groups whose guard changed nothing. */
const writeGroups = db.transaction((groups: WriteGroup[]): number[] => {
  const skipped: number[] = [];
  groups.forEach(({ guard, then, packed }, index) => {
    if (prepare(guard[0]).run(guard[1]).changes === 0) return void skipped.push(index);
    for (const [sql, params] of then) prepare(sql).run(params);
    if (packed) runPackedWrites(packed, prepare);
  });
  return skipped;
});

/** Reads of a batch of turns: one row (or undefined) per parameter list. */
function readAll(sql: string, paramLists: unknown[][]): unknown[] {
  const statement = prepare(sql);
  return paramLists.map((params) => statement.get(params));
}

const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // A busy database skips this checkpoint; the next one catches up.
  }
}, setup.everyMs);

port.on('message', (question: Question) => {
  if (question.type === 'stop') {
    clearInterval(timer);
    db.close();
    port.close();
    return;
  }
  let answer: Answer;
  try {
    if (question.type === 'read')
      answer = { type: 'read', id: question.id, rows: readAll(question.sql, question.params) };
    else answer = { type: 'write', id: question.id, skipped: writeGroups(question.groups) };
  } catch (error) {
    answer = {
      type: 'failed',
      id: question.id,
      error: error instanceof Error ? error.message : String(error),
    };
  }
  port.postMessage(answer);
});
