// The fold thread's side of its messages (fold-thread.ts), for both databases' workers: at the
// lowest CPU priority, each batch asked is folded and answered, one at a time, and `end` closes
// the database connection when the thread is told to stop.
import { parentPort } from 'node:worker_threads';
import { runInBackground } from '../db/thread-priority.js';
import type { FoldThreadAnswer, FoldThreadQuestion } from './fold-thread.js';

export function serveFolds<Asked, Folded>(
  fold: (asked: Asked) => Promise<Folded> | Folded,
  end: () => Promise<void> | void,
): void {
  const port = parentPort;
  if (!port) throw new Error('The analytics fold thread runs as a worker thread only');
  runInBackground();
  // One at a time: a batch asked while one runs (it is not, fold.ts asks the next after the answer)
  // and the stop wait for the ones before them.
  let last: Promise<unknown> = Promise.resolve();
  port.on('message', (question: FoldThreadQuestion<Asked>) => {
    if (question.type === 'stop') {
      void last.then(end).finally(() => port.close());
      return;
    }
    const { id } = question;
    last = last
      .then(() => fold(question.asked))
      .then(
        (folded) => port.postMessage({ id, folded } satisfies FoldThreadAnswer<Folded>),
        (error: unknown) =>
          port.postMessage({
            id,
            error: error instanceof Error ? error.message : String(error),
          } satisfies FoldThreadAnswer<Folded>),
      );
  });
}
