// SQLite: a fold batch run by the SQLite thread itself (sqlite-worker/worker.ts): the thread's
// connection holds the events just written in its page cache, and the main thread, which answers
// every chat turn, does none of the reading, parsing and adding up.
//
// The thread also writes every chat turn, and each turn's answer waits for its write. So the batch
// is added up in slices, outside any transaction, and the thread answers the writes that came in
// between them; only the fold's own writes hold the thread, in one short transaction at the end.
// Reading outside it is safe: only a fold writes what a fold reads (the events after the cursor are
// never changed, the outcome rows' nodes reached are the folds' own), and the transaction writes
// only if the cursor is still where the batch was read from — otherwise another server's fold
// took these events, and this one reads on from where that one stopped.
import type SQLite from 'better-sqlite3';
import {
  StoredTurnsFold,
  takeSessionAnswers,
  type StoredAnswers,
  type StoredReached,
  type TurnFold,
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
  type EventRow,
  type FoldCount,
} from './fold-sql.js';

type Prepare = (sql: string) => SQLite.Statement;

/** Events added up between two looks at the writes waiting (about half a millisecond of work). */
export const FOLD_SLICE = 250;

/** Lets the thread answer the messages that came in (the turns' writes) before going on. */
const answerWaiting = () => new Promise<void>((resolve) => setImmediate(resolve));

function readCursor(prepare: Prepare): number {
  const stored = prepare(READ_CURSOR_SQL).get() as { rolled_until: number } | undefined;
  if (!stored) throw new Error(`The fold's cursor (${CURSOR}) is missing: migration 021 makes it`);
  return Number(stored.rolled_until);
}

/**
 * Writes a batch's sums and moves the cursor from `cursor` past its last event, in one immediate
 * transaction (the write lock from the start, waiting its turn with busy_timeout); false, writing
 * nothing, when another fold moved the cursor first.
 */
function commitFold(db: SQLite.Database, prepare: Prepare, cursor: number, last: number, fold: TurnFold) {
  return db
    .transaction(() => {
      if (readCursor(prepare) !== cursor) return false;
      // In the transaction: the answers must be those of the session as its last turn left it.
      const readAnswers = prepare(READ_SESSION_ANSWERS_SQL);
      takeSessionAnswers(fold.sessionAnswers, (guest) => readAnswers.get(guest) as StoredAnswers | undefined);
      for (const [sql, params] of foldRowWrites(fold)) prepare(sql).run(params);
      prepare(MOVE_CURSOR_SQL).run(last, cursor);
      return true;
    })
    .immediate();
}

/** Folds the next batch of events; answers how many (fewer than FOLD_BATCH: none left). */
export async function foldBatchOnThread(db: SQLite.Database, prepare: Prepare): Promise<FoldCount> {
  for (;;) {
    const cursor = readCursor(prepare);
    const rows = prepare(READ_EVENTS_SQL).all(cursor, FOLD_BATCH) as EventRow[];
    if (!rows.length) return { folded: 0, unreadable: 0 };
    const readReached = prepare(READ_REACHED_SQL);
    const fold = new StoredTurnsFold((guest) => readReached.get(guest) as StoredReached | undefined);
    for (let i = 0; i < rows.length; i++) {
      if (i > 0 && i % FOLD_SLICE === 0) await answerWaiting();
      fold.add(Number(rows[i].at), rows[i].payload);
    }
    const sums = fold.result();
    if (commitFold(db, prepare, cursor, Number(rows[rows.length - 1].id), sums))
      return { folded: rows.length, unreadable: sums.unreadable };
  }
}
