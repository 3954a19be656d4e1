import { describe, expect, it } from 'vitest';
import { chatOffsets, chunksOf, createLimit } from '../../src/core/notifications/index.js';

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

describe('a turn of several messages to one Telegram chat', () => {
  const chat = { intervalMs: 1000, burst: 3 };

  it('sends the chat’s burst at once, then one a chat interval', () => {
    expect(chatOffsets(1, chat)).toEqual([0]);
    expect(chatOffsets(3, chat)).toEqual([0, 0, 0]);
    expect(chatOffsets(5, chat)).toEqual([0, 0, 0, 1000, 2000]);
  });

  it('sends all at once when the chat is not paced', () => {
    expect(chatOffsets(4, { intervalMs: 0, burst: 3 })).toEqual([0, 0, 0, 0]);
  });

  it('spaces every message out with a burst of one', () => {
    expect(chatOffsets(3, { intervalMs: 3000, burst: 1 })).toEqual([0, 3000, 6000]);
  });
});
