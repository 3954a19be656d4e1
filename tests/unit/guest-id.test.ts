import { describe, expect, it } from 'vitest';
import { newGuestId } from '../../server/conversations/guest-id.js';

describe('newGuestId', () => {
  it('is a version 7 UUID carrying the time in milliseconds', () => {
    const now = Date.UTC(2026, 10, 22, 7, 30);
    const id = newGuestId(now);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(now);
  });

  it('sorts by the time it was made, and never repeats within a millisecond', () => {
    const earlier = newGuestId(1_800_000_000_000);
    const later = newGuestId(1_800_000_000_001);
    expect([later, earlier].sort()).toEqual([earlier, later]);
    const sameMoment = new Set(Array.from({ length: 1000 }, () => newGuestId(1_800_000_000_000)));
    expect(sameMoment.size).toBe(1000);
  });
});
