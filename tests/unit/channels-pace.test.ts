import { describe, expect, it } from 'vitest';
import {
  chatRule,
  firstSlot,
  PaceBook,
  reserve,
  slotOfReserved,
  telegramPace,
  type PaceRule,
} from '../../src/core/channels/pace';

const perSecond: PaceRule = { intervalMs: 1000, burst: 3 };

/** Sends `count` messages as early as the rule lets them go, from `now` on: their times. */
function sendAll(rule: PaceRule, count: number, now = 0): number[] {
  const book = new PaceBook();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const slot = book.next('chat', rule, now);
    book.take('chat', rule, slot);
    times.push(slot);
  }
  return times;
}

describe('pacing a chat', () => {
  it('lets a short burst go at once, then one message per interval', () => {
    expect(sendAll(perSecond, 6)).toEqual([0, 0, 0, 1000, 2000, 3000]);
  });

  it('has the full burst again once the chat was quiet long enough', () => {
    const book = new PaceBook();
    for (let i = 0; i < 3; i++) book.take('chat', perSecond, 0);
    expect(book.next('chat', perSecond, 10)).toBe(1000);
    // After 3 s of quiet the budget is full: three go at once again.
    const quiet = 3000;
    for (let i = 0; i < 3; i++) {
      expect(book.next('chat', perSecond, quiet)).toBe(quiet);
      book.take('chat', perSecond, quiet);
    }
    expect(book.next('chat', perSecond, quiet)).toBe(quiet + 1000);
  });

  it('keeps chats apart', () => {
    const book = new PaceBook();
    for (let i = 0; i < 3; i++) book.take('a', perSecond, 0);
    expect(book.next('a', perSecond, 0)).toBe(1000);
    expect(book.next('b', perSecond, 0)).toBe(0);
  });

  it('forgets budgets spent up to the past (they are full again)', () => {
    const book = new PaceBook();
    for (let i = 0; i < 999; i++) book.take(`chat${i}`, perSecond, 0);
    expect(book.size).toBe(999);
    book.take('late', perSecond, 10_000);
    expect(book.size).toBe(1);
    expect(book.next('chat1', perSecond, 10_000)).toBe(10_000);
  });

  it('does not pace under a rule with no interval', () => {
    expect(sendAll({ intervalMs: 0, burst: 1 }, 4, 50)).toEqual([50, 50, 50, 50]);
  });
});

describe("Telegram's limits", () => {
  const pace = telegramPace(1000, 30);

  it('paces a private chat at 1 a second, a group at 20 a minute', () => {
    expect(chatRule(pace, '12345')).toEqual({ intervalMs: 1000, burst: 3 });
    expect(chatRule(pace, '-100123')).toEqual({ intervalMs: 3000, burst: 3 });
    const minute = sendAll(chatRule(pace, '-100123'), 40).filter((t) => t < 60_000);
    expect(minute.length).toBeLessThanOrEqual(22);
  });

  it('keeps a bot token under 30 messages a second', () => {
    expect(pace.bot.intervalMs).toBe(34);
    const times = sendAll(pace.bot, 100);
    for (let i = 0; i + 30 < times.length; i++) expect(times[i + 30] - times[i]).toBeGreaterThanOrEqual(1000);
  });

  it('turns pacing off with zero', () => {
    const off = telegramPace(0, 0);
    expect([off.chat.intervalMs, off.group.intervalMs, off.bot.intervalMs]).toEqual([0, 0, 0]);
  });
});

describe('a reservation made in one statement', () => {
  it('finds the slot the database gave from the budget it answers', () => {
    const rule = { intervalMs: 34, burst: 1 };
    let tat = 0;
    const slots: number[] = [];
    for (const notBefore of [100, 100, 100, 500, 510]) {
      // What the statement computes: max(tat, notBefore) + count · interval.
      const expected = firstSlot(tat, rule, notBefore);
      tat = Math.max(tat, notBefore) + rule.intervalMs;
      expect(tat).toBe(reserve(tat - rule.intervalMs, rule, notBefore, 1));
      const slot = slotOfReserved(tat, rule, notBefore, 1);
      expect(slot).toBe(expected);
      slots.push(slot);
    }
    expect(slots).toEqual([100, 134, 168, 500, 534]);
  });

  it('keeps a burst rule’s tolerance', () => {
    // A budget spent up to 2000 under 1/s with bursts of 3 lets a message go at 0.
    expect(slotOfReserved(3000, perSecond, 0, 1)).toBe(0);
    expect(firstSlot(2000, perSecond, 0)).toBe(0);
  });
});
