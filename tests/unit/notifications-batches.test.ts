import { describe, expect, it } from 'vitest';
import { chunksOf, createLimit } from '../../src/core/notifications/index.js';

describe('a notification’s recipients in batches', () => {
  it('splits them in order, the last batch shorter', () => {
    expect(chunksOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunksOf([1, 2], 5)).toEqual([[1, 2]]);
    expect(chunksOf([], 3)).toEqual([]);
  });

  it('takes a size below one as one', () => {
    expect(chunksOf(['a', 'b'], 0)).toEqual([['a'], ['b']]);
  });
});

describe('a limit on work in flight', () => {
  it('runs at most its size at once, the rest in the order they came', async () => {
    const limit = createLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const work = (n: number) =>
      limit(async () => {
        started.push(n);
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return n;
      });
    const all = Promise.all([1, 2, 3, 4].map(work));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2]);
    while (releases.length) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await all).toEqual([1, 2, 3, 4]);
    expect(started).toEqual([1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('frees the slot of work that failed', async () => {
    const limit = createLimit(1);
    await expect(limit(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await limit(async () => 'next')).toBe('next');
  });
});
