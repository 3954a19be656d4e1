import { describe, expect, it } from 'vitest';
import { Pool } from '../../src/features/flow/board/pool';

describe('Pool', () => {
  it('builds only when nothing is free, and hands released items back out', () => {
    let built = 0;
    const released: number[] = [];
    const pool = new Pool(
      () => ({ n: ++built }),
      (item) => released.push(item.n),
    );
    const a = pool.acquire();
    const b = pool.acquire();
    expect(pool.size).toBe(2);
    pool.release(a);
    expect(released).toEqual([1]);
    expect(pool.idle).toBe(1);
    expect(pool.acquire()).toBe(a);
    expect(pool.size).toBe(2);
    pool.release(b);
    pool.release(a);
    pool.acquire();
    pool.acquire();
    pool.acquire();
    expect(pool.size).toBe(3);
  });

  it('reserves released-looking items ahead of need, and hands them out before building', () => {
    let built = 0;
    const released: number[] = [];
    const pool = new Pool(
      () => ({ n: ++built }),
      (item) => released.push(item.n),
    );
    pool.reserve(2);
    expect([pool.size, pool.idle, released]).toEqual([2, 2, [1, 2]]);
    pool.reserve(2);
    expect(pool.size).toBe(2);
    pool.acquire();
    pool.acquire();
    expect(built).toBe(2);
    pool.acquire();
    expect(built).toBe(3);
  });
});
