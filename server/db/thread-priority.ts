// A worker thread whose work can wait: the analytics fold's (analytics/fold-thread.ts). On the
// runtime bench's 2-core machine the fold's few µs a turn, run beside the main thread at the same
// priority, cost the turns two to five times that in throughput (docs/analytics-cost.md): the
// scheduler shares a core between them while the main thread, which answers every turn, waits.
// At the lowest priority (nice 19) the fold takes what the turns leave idle and still at least
// ~1.5 % of a busy core, more than a busy server's fold needs.
import fs from 'node:fs';
import os from 'node:os';

/** The lowest priority: CFS gives a nice-19 thread 15/1024 of a nice-0 one's share of a core. */
export const BACKGROUND_NICE = 19;

/**
 * Lowers the calling thread's CPU priority to BACKGROUND_NICE; answers whether it could. Linux
 * keeps a nice value per thread, and setpriority given a thread's id sets that thread's alone
 * (`/proc/thread-self` names it). Elsewhere, or where that fails, the thread keeps its priority.
 * Lowering needs no privilege, raising it back would: call it once, in a thread of its own.
 */
export function runInBackground(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const threadId = Number(lastPart(fs.readlinkSync('/proc/thread-self')));
    os.setPriority(threadId, BACKGROUND_NICE);
    return true;
  } catch {
    return false;
  }
}

/** The last part of `/proc/thread-self`'s target, `<pid>/task/<tid>`. */
const lastPart = (target: string) => target.slice(target.lastIndexOf('/') + 1);
