// Pacing a channel's sends before the API refuses them (issue 16 item 3). Telegram answers 429
// past about 1 message a second to one chat (short bursts allowed), 20 a minute to one group and
// 30 a second per bot token; a bot that waits for the 429 loses retry_after seconds on that chat,
// one that paces loses nothing.
//
// Each limit is a rule (one message per `intervalMs`, up to `burst` at once) kept as its
// "theoretical arrival time" (the generic cell rate algorithm): the time the budget is spent up
// to. A message may go once `tat - (burst - 1) · interval` has come, and moves `tat` one interval
// on. One number per limit, so the per-token budget fits one database row that every server
// instance reserves from in one statement.

export interface PaceRule {
  /** One message per this many milliseconds, on average. */
  intervalMs: number;
  /** Messages that may go at once when the budget is full. */
  burst: number;
}

export interface TelegramPace {
  /** A private chat (0: not paced). */
  chat: PaceRule;
  /** A group or channel (negative chat id). */
  group: PaceRule;
  /** Every send of one bot token (0: not paced). */
  bot: PaceRule;
}

/** Telegram's documented limits, given the per-chat interval and the per-token rate (0: off). */
export function telegramPace(chatIntervalMs: number, botPerSecond: number): TelegramPace {
  return {
    chat: { intervalMs: chatIntervalMs, burst: 3 },
    // 20 a minute; as long between messages as a private chat's second, scaled (off together).
    group: { intervalMs: chatIntervalMs > 0 ? Math.max(chatIntervalMs, 3_000) : 0, burst: 3 },
    // Whole milliseconds (the budget is a bigint column), rounded up: never faster than asked.
    bot: { intervalMs: botPerSecond > 0 ? Math.ceil(1_000 / botPerSecond) : 0, burst: 1 },
  };
}

/** The rule for a Telegram chat: groups and channels have negative ids. */
export function chatRule(pace: TelegramPace, chatId: string): PaceRule {
  return chatId.startsWith('-') ? pace.group : pace.chat;
}

/** How long a budget may go back before `now`: a full budget allows `burst` at once, no more. */
const tolerance = (rule: PaceRule) => (rule.burst - 1) * rule.intervalMs;

/** When the next message may go under `rule`, not before `notBefore`. */
export function firstSlot(tat: number, rule: PaceRule, notBefore: number): number {
  if (rule.intervalMs <= 0) return notBefore;
  return Math.max(notBefore, tat - tolerance(rule));
}

/** The budget once `count` messages are reserved from `slot` on (slot from firstSlot). */
export function reserve(tat: number, rule: PaceRule, slot: number, count: number): number {
  if (rule.intervalMs <= 0) return tat;
  return Math.max(tat, slot) + count * rule.intervalMs;
}

/**
 * The first slot of a reservation made in one statement that only answers the new budget:
 * `newTat = max(tat, notBefore) + count · interval` (as the database computes it).
 */
export function slotOfReserved(newTat: number, rule: PaceRule, notBefore: number, count: number): number {
  if (rule.intervalMs <= 0) return notBefore;
  return Math.max(notBefore, newTat - count * rule.intervalMs - tolerance(rule));
}

/**
 * Budgets by key (a chat), kept in memory: a budget spent up to the past is a full one, so those
 * are forgotten now and then and the book stays as large as the chats being paced.
 */
export class PaceBook {
  private readonly tats = new Map<string, number>();
  private takes = 0;

  /** The first time a message to `key` may go (nothing reserved). */
  next(key: string, rule: PaceRule, now: number): number {
    return firstSlot(this.tats.get(key) ?? 0, rule, now);
  }

  /** Reserves a message to `key` at `slot`. */
  take(key: string, rule: PaceRule, slot: number): void {
    if (rule.intervalMs <= 0) return;
    this.tats.set(key, reserve(this.tats.get(key) ?? 0, rule, slot, 1));
    if (++this.takes % 1_000 === 0) {
      for (const [k, tat] of this.tats) if (tat <= slot) this.tats.delete(k);
    }
  }

  get size(): number {
    return this.tats.size;
  }
}
