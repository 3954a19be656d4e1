// A batch delivery: one occurrence of a notification (or of a bot's scheduler) to a batch of its
// recipients, in one job. A delivery one job per guest cost a dozen round trips and a transaction
// per guest, which held 10,000 guests to about 200 a second on PostgreSQL; here the batch's rows
// are read and written together (batch-store.ts) and the flow is loaded once per bot, so what is
// left per guest is its pure `step` and, on Telegram and WhatsApp, its call.
//
// Exactly once, as with one job per guest: a guest's delivery row (unique per source, guest and
// occurrence) is written with its effect — on the web in the same transaction as the turn — and a
// batch run again (after a kill, by another instance) skips the guests whose delivery ended. A
// guest the batch cannot finish (a channel's 5xx, a turn of theirs in between, an error) is left
// to a one-guest delivery job (deliver.ts) with its own retries.
import type https from 'node:https';
import type { ChatService, ProactiveTurn } from '../conversations/chat-service.js';
import type { StoredGuest } from '../repos/guests.js';
import { RetryLaterError } from '../jobs/index.js';
import { botCredentials } from './channel-senders.js';
import { telegramRoom } from './batch-pacing.js';
import type { TelegramSlots } from './telegram-slots.js';
import {
  endedDeliveries,
  readRecipients,
  recordOutcomes,
  storeWebDeliveries,
  type OccurrenceKey,
  type Outcome,
  type Recipient,
} from './batch-store.js';
import { deliverOnChannels, type ChannelBatchContext, type ReadyTurn } from './batch-channels.js';
import { GUEST_GONE, NOTHING_TO_SAY, UNSUBSCRIBED } from './deliver.js';
import { sendWebPush } from './web-push.js';

export interface BatchJob extends OccurrenceKey {
  /** The flow to run: main or a flow template (subscriptions deliver one guest a job). */
  root: string;
  guestIds: string[];
}

export interface BatchContext extends ChannelBatchContext {
  chat: ChatService;
  /**
   * Hands a guest the batch could not finish to a one-guest delivery job (with retries), after
   * `delayMs` (default: the back-off's first delay).
   */
  retryAlone: (guestIds: string[], delayMs?: number) => Promise<void>;
  /**
   * Of these guests, those handed to a delivery job of their own: an earlier run of the batch
   * gave them up, so this one leaves them alone.
   */
  handedAlone: (guestIds: string[]) => Promise<Set<string>>;
  /** The bot tokens' paces: a batch takes their slots a short horizon ahead (none: not paced). */
  telegramSlots?: TelegramSlots;
  /** That horizon (default TELEGRAM_HORIZON_MS). */
  telegramHorizonMs?: number;
  dataDir?: string;
  pushAgent?: https.Agent;
}

const channelOf = (guest: StoredGuest) => guest.session.env?.ENVIRONMENT ?? 'web';

/** Runs the flow for each recipient, bot by bot; sorts out those with nothing to send. */
async function runTurns(context: BatchContext, root: string, recipients: Recipient[]) {
  const ready: ReadyTurn[] = [];
  const ended: Outcome[] = [];
  const failed: string[] = [];
  const runners = new Map<number, Awaited<ReturnType<ChatService['proactiveRunner']>>>();
  for (const recipient of recipients) {
    const { guest } = recipient;
    const channel = channelOf(guest);
    if (recipient.off) {
      ended.push({ guestId: guest.id, channel, status: 'skipped', reason: UNSUBSCRIBED });
      continue;
    }
    if (!runners.has(guest.botId))
      runners.set(guest.botId, await context.chat.proactiveRunner(guest.botId, root));
    const run = runners.get(guest.botId);
    let turn: ProactiveTurn | null = null;
    try {
      turn = run ? await run(guest) : null;
    } catch {
      failed.push(guest.id);
      continue;
    }
    if (!turn?.replies.length) {
      ended.push({ guestId: guest.id, channel, status: 'skipped', reason: NOTHING_TO_SAY });
      continue;
    }
    ready.push({ recipient, channel, turn });
  }
  return { ready, ended, failed };
}

async function deliverWeb(context: BatchContext, key: OccurrenceKey, web: ReadyTurn[]): Promise<string[]> {
  const { stored, lost } = await storeWebDeliveries(
    context.db,
    key,
    web.map((r) => r.turn.record),
    context.now(),
  );
  const dataDir = context.dataDir;
  if (dataDir) {
    const pushed = web.filter((r) => stored.has(r.recipient.guest.id) && r.recipient.webPush);
    await Promise.all(
      pushed.map((r) =>
        sendWebPush(
          dataDir,
          r.recipient.webPush!,
          r.turn.replies,
          r.recipient.guest.botId,
          context.pushAgent,
        ).catch(() => undefined),
      ),
    );
  }
  return lost;
}

/** The Telegram guests' bots' credentials, when their sends are paced (their room is by token). */
async function telegramCredentials(context: BatchContext, recipients: Recipient[]) {
  const bots = recipients.filter((r) => channelOf(r.guest) === 'telegram').map((r) => r.guest.botId);
  if (!context.telegramSlots || !bots.length) return undefined;
  return botCredentials(context.db, [...new Set(bots)]);
}

export async function deliverBatch(context: BatchContext, job: BatchJob): Promise<void> {
  const { db } = context;
  const key: OccurrenceKey = { source: job.source, id: job.id, occurrenceAt: job.occurrenceAt };
  const ended = await endedDeliveries(db, key, job.guestIds);
  const unended = [...new Set(job.guestIds)].filter((id) => !ended.has(id));
  if (!unended.length) return;
  // A guest handed to a delivery job of its own (by an earlier run of this batch: put off for
  // Telegram's pace, the batch runs again) is that job's, whether or not it claimed its row.
  const alone = await context.handedAlone(unended);
  const open = unended.filter((id) => !alone.has(id));
  if (!open.length) return;
  const recipients = await readRecipients(db, open);
  const gone: Outcome[] = open
    .filter((id) => !recipients.has(id))
    .map((guestId) => ({ guestId, channel: 'web', status: 'skipped', reason: GUEST_GONE }));
  const credentials = await telegramCredentials(context, [...recipients.values()]);
  const room = telegramRoom(
    context.telegramSlots,
    [...recipients.values()],
    credentials ?? new Map(),
    context.telegramHorizonMs,
  );
  const turns = await runTurns(context, job.root, room.now);
  await recordOutcomes(db, key, [...gone, ...turns.ended], context.now());
  const web = turns.ready.filter((r) => r.channel === 'web');
  const lost = await deliverWeb(context, key, web);
  const { retry, later, laterMs } = await deliverOnChannels(
    context,
    key,
    turns.ready.filter((r) => r.channel !== 'web'),
    credentials,
  );
  const handOver = [...turns.failed, ...lost, ...retry];
  if (handOver.length) await context.retryAlone(handOver);
  if (later.length) await context.retryAlone(later, laterMs);
  // The Telegram guests put off: this batch again once their tokens have room (its job re-queued
  // by the runner's clock, no attempt spent; the guests delivered by now are skipped then). The
  // time was set before this run's sends were waited for: what is left of it.
  if (room.putOff.length)
    throw new RetryLaterError(
      Math.max(0, room.comeBackAt - Date.now()),
      `Pacing Telegram: ${room.putOff.length} guests of the batch wait for their bot's slots`,
      true,
    );
}
