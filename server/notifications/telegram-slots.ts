// Telegram's per-bot-token rate (TELEGRAM_SENDS_PER_SECOND) for notification sends, on the same
// budget as the conversations' sends (server/channels/send-pace.ts: one row per token, shared by
// every instance). A batch's Telegram guests ask for their slots at once; the asks of one token
// made in the same turn of the event loop are merged into one reservation, so a batch of 100
// guests costs one statement, not 100.
import type { SendPace } from '../channels/send-pace.js';

interface Ask {
  count: number;
  resolve: (slots: number[]) => void;
  reject: (error: unknown) => void;
}

export interface TelegramSlots {
  /** The times `count` sends of the token may go at (reserved; wait for each before its call). */
  take(token: string, count: number): Promise<number[]>;
  /** A 429 said retry after this: the token's later sends wait until `until`. */
  hold(token: string, until: number): Promise<void>;
}

export function telegramSlots(pace: SendPace): TelegramSlots {
  const asks = new Map<string, Ask[]>();
  const reserve = async (token: string, waiting: Ask[]) => {
    try {
      const total = waiting.reduce((sum, ask) => sum + ask.count, 0);
      const slots = await pace.reserveBotSlots(token, total);
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
    hold: (token, until) => pace.holdBot(token, until),
  };
}
