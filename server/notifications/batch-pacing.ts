// Which of a batch's Telegram guests go now (batch.ts): those whose bot token has room within a
// short horizon; the others are put off, and the batch comes back for them — by the jobs runner's
// clock (a quiet re-queue), never the engine's, which tests set still. A batch that waited for all
// its guests' slots held its job slot till the last one, and the runner's slots filled up with
// one bot's batches while the other bots' tokens idled.
import type { Recipient } from './batch-store.js';
import type { BotCredentials } from './channels.js';
import type { TelegramSlots } from './telegram-slots.js';

/** How far ahead a batch takes a token's slots (default): the longest it waits for one. */
export const TELEGRAM_HORIZON_MS = 2_000;

export interface TelegramRoom {
  /** The recipients to deliver to now (every one not on Telegram, and those with room). */
  now: Recipient[];
  /** The Telegram guests put off. */
  putOff: string[];
  /** When to come back for them (epoch ms, real clock): the batch's job is re-queued for then. */
  comeBackAt: number;
}

export function telegramRoom(
  slots: TelegramSlots | undefined,
  recipients: Recipient[],
  credentials: Map<number, BotCredentials>,
  horizonMs = TELEGRAM_HORIZON_MS,
): TelegramRoom {
  const room: TelegramRoom = { now: [], putOff: [], comeBackAt: 0 };
  const putOffByToken = new Map<string, number>();
  for (const recipient of recipients) {
    const { guest } = recipient;
    const token = credentials.get(guest.botId)?.telegram_token;
    const paced =
      slots && token && recipient.chatId && !recipient.off && guest.session.env?.ENVIRONMENT === 'telegram';
    // One send a guest (a turn of several messages asks for its others as it goes).
    if (!paced || slots.room(token, 1, horizonMs)) {
      room.now.push(recipient);
      continue;
    }
    room.putOff.push(guest.id);
    putOffByToken.set(token, (putOffByToken.get(token) ?? 0) + 1);
  }
  const waits = [...putOffByToken].map(([token, count]) => slots!.comeBackIn(token, count, horizonMs));
  room.comeBackAt = Date.now() + (waits.length ? Math.min(...waits) : 0);
  return room;
}
