// SQLite: one batch of the fold (fold.ts) added up on the fold's own thread (fold-thread.ts), at
// the lowest CPU priority (db/thread-priority.ts), with a connection of its own that only reads:
// neither the main thread, which answers every chat turn, nor the SQLite thread, which stores
// them, reads, parses or adds up the events. The batch's writes come back as statements, and the
// SQLite thread runs them with the cursor's move (fold.ts foldBatchSqlite): only when the cursor
// is still where this batch read it, so a batch another server folded first writes nothing.
//
// Outside a transaction, each read sees the database as it then is. The outcome rows (their
// `reached`) change only in a fold's writes, which move the cursor: one that lands between this
// batch's reads and its writes makes those writes a no-op. A guest's stored session may have moved
// on since its turn was folded: takeSessionAnswers then leaves its answers, and the later turn's
// event brings them.
import type SQLite from 'better-sqlite3';
import {
  foldParsedTurns,
  parseStoredTurns,
  takeSessionAnswers,
  type StoredAnswers,
  type StoredReached,
} from '../../src/core/analytics/index.js';
import { packWrites } from '../db/sqlite-worker/packed-writes.js';
import {
  CURSOR,
  FOLD_BATCH,
  foldRowWrites,
  READ_CURSOR_SQL,
  READ_EVENTS_SQL,
  READ_REACHED_SQL,
  READ_SESSION_ANSWERS_SQL,
  storedTuple,
  type EventTuple,
  type FoldCount,
} from './fold-sql.js';

/** A batch added up: what it folded, and the writes that store it once the cursor moves. */
export interface FoldedBatch extends FoldCount {
  /** The cursor the batch read after, and the id of the last event it read. */
  cursor: number;
  last: number;
  /** Its writes packed (packWrites): a text crosses the main thread in one copy. */
  writes: string;
}

/** Reads and adds up the events after the cursor (up to FOLD_BATCH); null when there are none. */
export function readFoldBatch(prepare: (sql: string) => SQLite.Statement): FoldedBatch | null {
  const stored = prepare(READ_CURSOR_SQL).get() as { rolled_until: number } | undefined;
  if (!stored) throw new Error(`The fold's cursor (${CURSOR}) is missing: migration 021 makes it`);
  const cursor = Number(stored.rolled_until);
  // As arrays (raw): better-sqlite3 makes no object with named keys per row, which took half of
  // the events' read (bench/analytics-fold-micro.ts).
  const rows = prepare(READ_EVENTS_SQL).raw(true).all(cursor, FOLD_BATCH) as EventTuple[];
  if (!rows.length) return null;
  const readReached = prepare(READ_REACHED_SQL);
  const fold = foldParsedTurns(
    parseStoredTurns(rows.map(storedTuple)),
    (guest) => readReached.get(guest) as StoredReached | undefined,
  );
  const readAnswers = prepare(READ_SESSION_ANSWERS_SQL);
  takeSessionAnswers(fold.sessionAnswers, (guest) => readAnswers.get(guest) as StoredAnswers | undefined);
  return {
    cursor,
    last: rows[rows.length - 1][0],
    folded: rows.length,
    unreadable: fold.unreadable,
    writes: packWrites(foldRowWrites(fold)),
  };
}
