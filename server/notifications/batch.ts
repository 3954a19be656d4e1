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
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ChatService, ProactiveTurn } from '../conversations/chat-service.js';
import type { StoredGuest } from '../repos/guests.js';
import { saveTurns } from '../repos/guests.js';
import type { Limit } from '../../src/core/notifications/index.js';
import {
  claimSending,
  endedDeliveries,
  lastGuestMessages,
  readRecipients,
  recordOutcomes,
  storeWebDeliveries,
  type OccurrenceKey,
  type Outcome,
  type Recipient,
} from './batch-store.js';
import { botCredentials } from './channel-senders.js';
import { noSender, type ChannelSenders, type SendOutcome } from './channels.js';
import { GUEST_GONE, NOTHING_TO_SAY, UNSUBSCRIBED } from './deliver.js';
import { sendWebPush } from './web-push.js';

type Db = Kysely<Database>;

export interface BatchJob extends OccurrenceKey {
  /** The flow to run: main or a flow template (subscriptions deliver one guest a job). */
  root: string;
  guestIds: string[];
}

export interface BatchContext {
  db: Db;
  chat: ChatService;
  senders: ChannelSenders;
  now: () => number;
  /** The instance's limit on channel calls in flight, shared by its batches. */
  channelCalls: Limit;
  /** Hands a guest the batch could not finish to a one-guest delivery job (with retries). */
  retryAlone: (guestIds: string[]) => Promise<void>;
  dataDir?: string;
  pushAgent?: https.Agent;
}

/** A bot deleted meanwhile: no credentials, so the sender skips the guest. */
const NO_BOT = { telegram_token: '', whatsapp_phone_id: null, whatsapp_token: '' };

interface Ready {
  recipient: Recipient;
  channel: string;
  turn: ProactiveTurn;
}

const channelOf = (guest: StoredGuest) => guest.session.env?.ENVIRONMENT ?? 'web';

/** Runs the flow for each recipient, bot by bot; sorts out those with nothing to send. */
async function runTurns(context: BatchContext, root: string, recipients: Recipient[]) {
  const ready: Ready[] = [];
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

async function deliverWeb(context: BatchContext, key: OccurrenceKey, web: Ready[]): Promise<string[]> {
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

/** WhatsApp's template for outside the window, when the source is a notification naming one. */
async function whatsappTemplate(db: Db, key: OccurrenceKey, calls: Ready[]): Promise<string | null> {
  if (key.source !== 'notification' || !calls.some((r) => r.channel === 'whatsapp')) return null;
  const row = await db
    .selectFrom('notifications')
    .select('whatsapp_template')
    .where('id', '=', key.id)
    .executeTakeFirst();
  return row?.whatsapp_template ?? null;
}

interface Called {
  ready: Ready;
  outcome: SendOutcome;
}

/**
 * Stores what the calls did as they end: the turns sent (the conversation keeps what was sent)
 * and the outcomes, the calls ended meanwhile together — so a server killed mid-batch leaves
 * unrecorded only the calls in flight and the group being written, as one job a guest did.
 */
function outcomeWriter(db: Db, key: OccurrenceKey, now: () => number) {
  let pending: Called[] = [];
  let writing: Promise<void> | null = null;
  let failure: unknown = null;
  const write = async () => {
    while (pending.length) {
      const group = pending;
      pending = [];
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
    }
  };
  const start = () => {
    writing ??= write()
      .catch((error: unknown) => void (failure ??= error))
      .finally(() => (writing = null));
  };
  return {
    add(called: Called) {
      pending.push(called);
      start();
    },
    /** After the last call: writes what is left; throws when any write failed (the batch runs again). */
    async end() {
      while (writing) await writing;
      start();
      while (writing) await writing;
      if (failure) throw failure;
    },
  };
}

/**
 * Telegram and WhatsApp: claimed ('sending'), then called through the instance's limit on calls
 * in flight (shared by its batches: the channels' rate limits, and what a kill can leave
 * unrecorded); outcomes are stored as they come (outcomeWriter). Answers the guests to retry alone.
 */
async function deliverOnChannels(
  context: BatchContext,
  key: OccurrenceKey,
  calls: Ready[],
): Promise<string[]> {
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
  if (!sendable.length) return [];
  const [credentials, lastSaid, template] = await Promise.all([
    botCredentials(db, [...new Set(sendable.map((r) => r.recipient.guest.botId))]),
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
  const retry: string[] = [];
  const writer = outcomeWriter(db, key, context.now);
  await Promise.all(
    sendable.map((ready) =>
      context.channelCalls(async () => {
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
        } catch {
          // A 429, a 5xx, no answer: the one-guest job retries it with back-off.
          retry.push(guest.id);
        }
      }),
    ),
  );
  await writer.end();
  return retry;
}

export async function deliverBatch(context: BatchContext, job: BatchJob): Promise<void> {
  const { db } = context;
  const key: OccurrenceKey = { source: job.source, id: job.id, occurrenceAt: job.occurrenceAt };
  const ended = await endedDeliveries(db, key, job.guestIds);
  const open = [...new Set(job.guestIds)].filter((id) => !ended.has(id));
  if (!open.length) return;
  const recipients = await readRecipients(db, open);
  const gone: Outcome[] = open
    .filter((id) => !recipients.has(id))
    .map((guestId) => ({ guestId, channel: 'web', status: 'skipped', reason: GUEST_GONE }));
  const turns = await runTurns(context, job.root, [...recipients.values()]);
  await recordOutcomes(db, key, [...gone, ...turns.ended], context.now());
  const web = turns.ready.filter((r) => r.channel === 'web');
  const lost = await deliverWeb(context, key, web);
  const retry = await deliverOnChannels(
    context,
    key,
    turns.ready.filter((r) => r.channel !== 'web'),
  );
  const alone = [...turns.failed, ...lost, ...retry];
  if (alone.length) await context.retryAlone(alone);
}
