import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '../../server/jobs/backoff.js';

const policy = { baseMs: 1_000, capMs: 60_000 };

describe('retryDelayMs', () => {
  it('doubles the bound after each failure', () => {
    const top = () => 1;
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, policy, top))).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it('waits at least half the bound, never at once', () => {
    const bottom = () => 0;
    expect([1, 2, 3].map((n) => retryDelayMs(n, policy, bottom))).toEqual([500, 1_000, 2_000]);
  });

  it('spreads jobs failing together over the upper half of the bound', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelayMs(5, policy)));
    expect(delays.size).toBeGreaterThan(10);
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(8_000);
      expect(d).toBeLessThanOrEqual(16_000);
    }
  });

  it('stops growing at the cap, even after very many failures', () => {
    expect(retryDelayMs(7, policy, () => 1)).toBe(60_000);
    expect(retryDelayMs(500, policy, () => 1)).toBe(60_000);
  });
});
