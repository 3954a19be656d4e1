// Telegram's per-bot-token rate (TELEGRAM_SENDS_PER_SECOND) for notification sends, on the same
// budget as the conversations' sends (server/channels/send-pace.ts: one row per token, shared by
// every instance). A batch's Telegram guests ask for their slots at once; the asks of one token
// made in the same turn of the event loop are merged into one reservation, so a batch of 100
// guests costs one statement, not 100.
//
// A batch takes only the sends that fit in a short horizon (`room`) and re-queues itself for the
// rest (`comeBackIn`): a batch that reserved all its guests' slots held its job slot until the
// last one, so the jobs runner filled up with one bot's batches while the other bots' tokens
// idled (bench: 10,000 guests of 4 bots took 50–60 s where the tokens allow 28 s). What the
// horizon knows of a token is this instance's estimate (its own reservations, moved on by what
// the database answers); the database's budget stays the one that decides the slots.
import type { SendPace } from '../channels/send-pace.js';
import type { TelegramPace } from '../../src/core/channels/index.js';

interface Ask {
  count: number;
  resolve: (slots: number[]) => void;
  reject: (error: unknown) => void;
}

export interface TelegramSlots {
  /** The times `count` sends of the token may go at (reserved; wait for each before its call). */
  take(token: string, count: number): Promise<number[]>;
  /** The time one send of the token may go at, not before `notBefore` (reserved). */
  takeAt(token: string, notBefore: number): Promise<number>;
  /** A 429 said retry after this: the token's later sends wait until `until`. */
  hold(token: string, until: number): Promise<void>;
  /**
   * Whether `count` sends of the token fit within `horizonMs` from now (by this instance's
   * estimate); when they do, they are counted in the estimate (a batch then sends them).
   */
  room(token: string, count: number, horizonMs: number): boolean;
  /**
   * `count` sends of the token found no room: how long until they may, in turn behind the sends
   * already put off (so the batches waiting for one token come back one after another, not all
   * together to find no room again).
   */
  comeBackIn(token: string, count: number, horizonMs: number): number;
  /** The rules the sends keep: the token's and the chats' (TELEGRAM_CHAT_INTERVAL_MS). */
  readonly rules: TelegramPace;
}

/** A batch put off comes back no sooner than this. */
const MIN_COME_BACK_MS = 100;

export function telegramSlots(pace: SendPace, rules: TelegramPace): TelegramSlots {
  const asks = new Map<string, Ask[]>();
  const interval = Math.max(0, rules.bot.intervalMs);
  /** Per token: the time its budget is spent up to, as far as this instance knows. */
  const spentUpTo = new Map<string, number>();
  /** Per token: up to when the sends put off are lined up. */
  const linedUpTo = new Map<string, number>();
  const learn = (token: string, until: number) => {
    if (until > (spentUpTo.get(token) ?? 0)) spentUpTo.set(token, until);
  };
  const reserve = async (token: string, waiting: Ask[]) => {
    try {
      const total = waiting.reduce((sum, ask) => sum + ask.count, 0);
      const slots = await pace.reserveBotSlots(token, total);
      learn(token, slots[slots.length - 1] + interval);
      let at = 0;
      for (const ask of waiting) {
        ask.resolve(slots.slice(at, at + ask.count));
        at += ask.count;
      }
    } catch (error) {
      for (const ask of waiting) ask.reject(error);
    }
  };
  return {
    rules,
    take(token, count) {
      if (count <= 0) return Promise.resolve([]);
      return new Promise((resolve, reject) => {
        const waiting = asks.get(token);
        if (waiting) return void waiting.push({ count, resolve, reject });
        asks.set(token, [{ count, resolve, reject }]);
        setImmediate(() => {
          const merged = asks.get(token) ?? [];
          asks.delete(token);
          void reserve(token, merged);
        });
      });
    },
    async takeAt(token, notBefore) {
      const [slot] = await pace.reserveBotSlots(token, 1, notBefore);
      learn(token, slot + interval);
      return slot;
    },
    async hold(token, until) {
      learn(token, until);
      await pace.holdBot(token, until);
    },
    room(token, count, horizonMs) {
      if (interval <= 0) return true;
      const now = Date.now();
      const from = Math.max(now, spentUpTo.get(token) ?? 0);
      if (from - now > horizonMs) return false;
      spentUpTo.set(token, from + count * interval);
      return true;
    },
    comeBackIn(token, count, horizonMs) {
      const now = Date.now();
      const from = Math.max(now, spentUpTo.get(token) ?? 0, linedUpTo.get(token) ?? 0);
      linedUpTo.set(token, from + count * interval);
      // Back when the sends lined up before these are within the horizon.
      return Math.max(MIN_COME_BACK_MS, from - horizonMs / 2 - now);
    },
  };
}
