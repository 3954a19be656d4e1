// A notification's recipients go out in batches (server/notifications/batch.ts): one job, one
// read and one write for many guests.

/** Splits `items` into runs of at most `size`, in order (the last may be shorter); size < 1 is 1. */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const step = Math.max(1, Math.floor(size));
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += step) chunks.push(items.slice(i, i + step));
  return chunks;
}
