// SQLite: a fold batch run by the SQLite thread itself (sqlite-worker/worker.ts), in one of its own
// transactions: the thread's connection holds the events just written in its page cache, and the
// main thread, which answers every chat turn, does none of the reading, parsing and adding up.
import type SQLite from 'better-sqlite3';
import {
  foldParsedTurns,
  parseStoredTurns,
  takeSessionAnswers,
  type StoredAnswers,
  type StoredReached,
} from '../../src/core/analytics/index.js';
import {
  CURSOR,
  FOLD_BATCH,
  foldRowWrites,
  MOVE_CURSOR_SQL,
  READ_CURSOR_SQL,
  READ_EVENTS_SQL,
  READ_REACHED_SQL,
  READ_SESSION_ANSWERS_SQL,
  storedTuple,
  type EventTuple,
  type FoldCount,
} from './fold-sql.js';

/** Folds the next batch of events; answers how many (fewer than FOLD_BATCH: none left). */
export function foldBatchOnThread(
  db: SQLite.Database,
  prepare: (sql: string) => SQLite.Statement,
): FoldCount {
  // Immediate: the write lock from the start (waiting its turn with busy_timeout), so another
  // server on the same file cannot write between this batch's read of the cursor and its writes.
  return db
    .transaction(() => {
      const stored = prepare(READ_CURSOR_SQL).get() as { rolled_until: number } | undefined;
      if (!stored) throw new Error(`The fold's cursor (${CURSOR}) is missing: migration 021 makes it`);
      const cursor = Number(stored.rolled_until);
      const rows = prepare(READ_EVENTS_SQL).raw(true).all(cursor, FOLD_BATCH) as EventTuple[];
      if (!rows.length) return { folded: 0, unreadable: 0 };
      const readReached = prepare(READ_REACHED_SQL);
      const fold = foldParsedTurns(
        parseStoredTurns(rows.map(storedTuple)),
        (guest) => readReached.get(guest) as StoredReached | undefined,
      );
      const readAnswers = prepare(READ_SESSION_ANSWERS_SQL);
      takeSessionAnswers(fold.sessionAnswers, (guest) => readAnswers.get(guest) as StoredAnswers | undefined);
      for (const [sql, params] of foldRowWrites(fold)) prepare(sql).run(params);
      prepare(MOVE_CURSOR_SQL).run(rows[rows.length - 1][0], cursor);
      return { folded: rows.length, unreadable: fold.unreadable };
    })
    .immediate();
}
