// A notification's recipients go out in batches (server/notifications/batch.ts): one job, one
// read and one write for many guests.

/** Splits `items` into runs of at most `size`, in order (the last may be shorter); size < 1 is 1. */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const step = Math.max(1, Math.floor(size));
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += step) chunks.push(items.slice(i, i + step));
  return chunks;
}

/** Runs `work` when fewer than `size` others run; a limit shared by the callers that hold it. */
export type Limit = <T>(work: () => Promise<T>) => Promise<T>;

/** At most `size` (≥ 1) pieces of work at once; the others wait their turn, first come first. */
export function createLimit(size: number): Limit {
  const most = Math.max(1, Math.floor(size));
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= most) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so `running` never drops in between.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
