// Telegram's rate limits, kept before sending rather than learnt from 429s (issue 16 item 3; the
// rules are src/core/channels/pace.ts). A chat's budget lives in this process: one runner holds a
// conversation's lease at a time, and a conversation that moves to another instance gets at most
// one short burst more. A bot token's budget is shared by every instance: one row per token in
// channel_pace, reserved from in one statement per message.
//
// A message whose chat slot is more than a moment away is not waited for while a job slot is held:
// the drain re-queues the conversation's job for then (RetryLaterError), and the message stays
// queued, in order, in the outbox.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { chatRule, PaceBook, slotOfReserved, type TelegramPace } from '../../src/core/channels/index.js';
import { hotSql, runHot } from '../db/connect.js';
import { isPostgres } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { RetryLaterError } from '../jobs/index.js';

/** A wait this short is slept through; a longer one gives the job slot back. */
const WAIT_IN_PLACE_MS = 100;

const reservation = (max: string) =>
  `insert into channel_pace (pace_key, tat) values (?, cast(? as bigint) + cast(? as bigint))
   on conflict (pace_key) do update set tat = ${max}(channel_pace.tat, cast(? as bigint)) + cast(? as bigint)
   returning tat`;
const RESERVE_PG = hotSql('channel_pace_reserve', reservation('greatest'));
const RESERVE_SQLITE = hotSql('channel_pace_reserve_sqlite', reservation('max'));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SendPace {
  private readonly chats = new PaceBook();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pace: TelegramPace,
  ) {}

  /**
   * Waits until a message to the chat may go and reserves it; throws RetryLaterError (nothing
   * reserved) when the chat's turn is further away than a moment.
   */
  async take(token: string, chatId: string, now = Date.now()): Promise<void> {
    const rule = chatRule(this.pace, chatId);
    const chatKey = `${tokenKey(token)}:${chatId}`;
    let slot = this.chats.next(chatKey, rule, now);
    if (slot - now > WAIT_IN_PLACE_MS)
      throw new RetryLaterError(slot - now, 'Pacing the chat (Telegram: about 1 message a second)', true);
    slot = await this.reserveForBot(token, slot);
    this.chats.take(chatKey, rule, slot);
    const wait = slot - Date.now();
    if (wait > 0) await sleep(wait);
  }

  /**
   * The times of `count` sends of the bot token from `notBefore` on, reserved in one statement
   * (notifications reserve a batch's sends at once). Spaced one interval apart.
   */
  async reserveBotSlots(token: string, count: number, notBefore = Date.now()): Promise<number[]> {
    if (count <= 0) return [];
    const first = await this.reserveForBot(token, notBefore, count);
    const interval = Math.max(0, this.pace.bot.intervalMs);
    return Array.from({ length: count }, (_, i) => first + i * interval);
  }

  /**
   * The API answered 429 with retry_after: no send of the token before `until` (every
   * instance's later reservations come after it).
   */
  async holdBot(token: string, until: number): Promise<void> {
    await this.reserveForBot(token, until, 1);
  }

  /** The bot token's first of `count` slots from `notBefore` on, reserved (shared by the instances). */
  private async reserveForBot(token: string, notBefore: number, count = 1): Promise<number> {
    const rule = this.pace.bot;
    if (rule.intervalMs <= 0) return notBefore;
    const key = `telegram:${tokenKey(token)}`;
    const amount = rule.intervalMs * count;
    const statement = isPostgres(this.db) ? RESERVE_PG : RESERVE_SQLITE;
    const { rows } = await runHot<{ tat: number }>(this.db, statement, [
      key,
      notBefore,
      amount,
      notBefore,
      amount,
    ]);
    return slotOfReserved(Number(rows[0].tat), rule, notBefore, count);
  }
}

/** A token as a budget's key: its hash (the table does not keep tokens). */
function tokenKey(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 24);
}
