// A batch delivery's Telegram and WhatsApp guests (batch.ts): their bots' credentials, WhatsApp's
// 24-hour windows and the notification's template are read once for the batch; each guest is
// claimed ('sending') before the call, the calls go through the instance's limit on calls in
// flight, and what they did is stored in groups as they end.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ProactiveTurn } from '../conversations/chat-service.js';
import { saveTurns } from '../repos/guests.js';
import type { Limit } from '../../src/core/notifications/index.js';
import {
  claimSending,
  lastGuestMessages,
  recordOutcomes,
  type OccurrenceKey,
  type Outcome,
  type Recipient,
} from './batch-store.js';
import { botCredentials } from './channel-senders.js';
import {
  noSender,
  RateLimitedSend,
  type BotCredentials,
  type ChannelSenders,
  type SendOutcome,
} from './channels.js';

type Db = Kysely<Database>;

/** A guest whose turn ran and has something to send. */
export interface ReadyTurn {
  recipient: Recipient;
  channel: string;
  turn: ProactiveTurn;
}

export interface ChannelBatchContext {
  db: Db;
  senders: ChannelSenders;
  now: () => number;
  /** The instance's limit on channel calls in flight, shared by its batches. */
  channelCalls: Limit;
}

/** A bot deleted meanwhile: no credentials, so the sender skips the guest. */
const NO_BOT = { telegram_token: '', whatsapp_phone_id: null, whatsapp_token: '' };

/** WhatsApp's template for outside the window, when the source is a notification naming one. */
async function whatsappTemplate(db: Db, key: OccurrenceKey, calls: ReadyTurn[]): Promise<string | null> {
  if (key.source !== 'notification' || !calls.some((r) => r.channel === 'whatsapp')) return null;
  const row = await db
    .selectFrom('notifications')
    .select('whatsapp_template')
    .where('id', '=', key.id)
    .executeTakeFirst();
  return row?.whatsapp_template ?? null;
}

/** The bots' credentials: those the batch read, and the others' (its WhatsApp guests' bots). */
async function credentialsOf(db: Db, calls: ReadyTurn[], known = new Map<number, BotCredentials>()) {
  const missing = [...new Set(calls.map((r) => r.recipient.guest.botId))].filter((id) => !known.has(id));
  if (!missing.length) return known;
  return new Map([...known, ...(await botCredentials(db, missing))]);
}

interface Called {
  ready: ReadyTurn;
  outcome: SendOutcome;
}

/** Outcomes are stored a group at a time: when this many calls ended, or this long after the first. */
const GROUP_CALLS = 16;
const GROUP_MS = 100;

/**
 * Stores what the calls did as they end: the turns sent (the conversation keeps what was sent)
 * and the outcomes, in groups (a group's two statements cost as much as one call's, so one per
 * call would double the database's work). A server killed mid-batch leaves unrecorded the calls
 * in flight and at most two groups; the batch run again sends those once more.
 */
function outcomeWriter(db: Db, key: OccurrenceKey, now: () => number) {
  let pending: Called[] = [];
  let writing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let failure: unknown = null;
  const store = async (group: Called[]) => {
    const sent = group.filter((c) => c.outcome.status === 'sent' || c.outcome.status === 'delivered');
    // A turn of the guest stored in between leaves this one out of the conversation (sent all the same).
    if (sent.length)
      await saveTurns(
        db,
        sent.map((c) => c.ready.turn.record),
      );
    const outcomes = group.map(({ ready, outcome }) => ({
      guestId: ready.recipient.guest.id,
      channel: ready.channel,
      status: outcome.status,
      reason: outcome.reason ?? null,
    }));
    await recordOutcomes(db, key, outcomes, now());
  };
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending.length) return;
    const group = pending;
    pending = [];
    writing = writing.then(() => store(group)).catch((error: unknown) => void (failure ??= error));
  };
  return {
    add(called: Called) {
      pending.push(called);
      if (pending.length >= GROUP_CALLS) flush();
      else timer ??= setTimeout(flush, GROUP_MS);
    },
    /** After the last call: stores what is left; throws when a write failed (the batch runs again). */
    async end() {
      flush();
      await writing;
      if (failure) throw failure;
    },
  };
}

/** The guests to retry alone: after the back-off (`retry`), or after the API's retry_after (`later`). */
export interface ChannelRetries {
  retry: string[];
  later: string[];
  /** The longest retry_after of `later`. */
  laterMs: number;
}

/**
 * Telegram and WhatsApp: claimed ('sending'), then called. WhatsApp's calls go through the
 * instance's limit on calls in flight (shared by its batches: what a kill can leave unrecorded).
 * Telegram's go at their slots of the bot token's rate (reserved together, see
 * telegram-slots.ts; the batch brings only the guests whose slots are near, batch-pacing.ts), which
 * bounds their calls in flight already; queued behind WhatsApp's calls in the limit they went late
 * and in bunches, and Telegram refused the bunches (bench: hundreds of 429s). Outcomes are stored
 * in groups as they end (outcomeWriter). Answers the guests to retry alone.
 */
export async function deliverOnChannels(
  context: ChannelBatchContext,
  key: OccurrenceKey,
  calls: ReadyTurn[],
  /** The bots' credentials, when the batch read them already. */
  known?: Map<number, BotCredentials>,
): Promise<ChannelRetries> {
  const { db } = context;
  const ended: Outcome[] = [];
  const sendable = calls.filter((r) => {
    if (context.senders[r.channel as 'telegram']) return true;
    ended.push({
      guestId: r.recipient.guest.id,
      channel: r.channel,
      status: 'skipped',
      reason: noSender(r.channel),
    });
    return false;
  });
  await recordOutcomes(db, key, ended, context.now());
  const retries: ChannelRetries = { retry: [], later: [], laterMs: 0 };
  if (!sendable.length) return retries;
  const [credentials, lastSaid, template] = await Promise.all([
    credentialsOf(db, sendable, known),
    lastGuestMessages(
      db,
      sendable.filter((r) => r.channel === 'whatsapp').map((r) => r.recipient.guest.id),
    ),
    whatsappTemplate(db, key, sendable),
  ]);
  await claimSending(
    db,
    key,
    sendable.map((r) => ({
      guestId: r.recipient.guest.id,
      channel: r.channel,
      status: 'sending',
      reason: null,
    })),
    context.now(),
  );
  const writer = outcomeWriter(db, key, context.now);
  await Promise.all(
    sendable.map((ready) => {
      const paced = ready.channel === 'telegram';
      const send = async () => {
        const { guest, chatId } = ready.recipient;
        try {
          const outcome = await context.senders[ready.channel as 'telegram']!({
            botId: guest.botId,
            guest,
            replies: ready.turn.replies,
            whatsappTemplate: template,
            lastGuestMessageAt: lastSaid.get(guest.id) ?? null,
            target: { ...(credentials.get(guest.botId) ?? NO_BOT), external_chat_id: chatId },
          });
          writer.add({ ready, outcome });
        } catch (error) {
          if (error instanceof RateLimitedSend) {
            // A 429: the one-guest job tries again once the API's retry_after has passed.
            retries.later.push(guest.id);
            retries.laterMs = Math.max(retries.laterMs, error.retryAfterMs);
          } else {
            // A 5xx, no answer: the one-guest job retries it with back-off.
            retries.retry.push(guest.id);
          }
        }
      };
      return paced ? send() : context.channelCalls(send);
    }),
  );
  await writer.end();
  return retries;
}
