// One delivery: an occurrence to one guest. Its row in notification_deliveries (unique per source,
// guest and occurrence) is written with the effect: on the web channel in the same transaction as
// the conversation turn, so a job run twice finds the row and sends nothing. On Telegram and
// WhatsApp the row is claimed ('sending') before the call and settled after it; a server killed
// between the two leaves 'sending', and the retry sends again only then (the channel APIs take no
// idempotency key).
import type https from 'node:https';
import type { Kysely } from 'kysely';
import type { Database, DeliverySource, DeliveryStatus } from '../db/schema.js';
import type { ChatService, ChatReply } from '../conversations/chat-service.js';
import {
  findGuest,
  GuestConflictError,
  saveTurn,
  type StoredGuest,
  type TurnRecord,
} from '../repos/guests.js';
import { sessionScope } from '../runtime/session.js';
import { pickText } from '../runtime/language.js';
import { interpolate } from '../../src/core/text/interpolate.js';
import { addUnread, guestSettings, lastGuestMessage } from './guest-settings.js';
import { noSender, RateLimitedSend, type ChannelSenders } from './channels.js';
import { RetryLaterError } from '../jobs/index.js';
import { sendWebPush } from './web-push.js';
import { PushSourceError, type PushSource } from './push-source.js';

type Db = Kysely<Database>;

export interface DeliveryJob {
  source: DeliverySource;
  id: number;
  guestId: string;
  occurrenceAt: number;
  /** The flow to run (notification, scheduler); null: the subscription's template text. */
  root: string | null;
}

export interface DeliveryContext {
  db: Db;
  chat: ChatService;
  senders: ChannelSenders;
  now: () => number;
  dataDir?: string;
  pushAgent?: https.Agent;
  /** The data of push message types that name a JSON source (PUSH_MESSAGE_SOURCES). */
  pushSource?: PushSource;
}

export const UNSUBSCRIBED = 'The guest switched notifications off';
export const NOTHING_TO_SAY = 'The flow has nothing to send';
export const GUEST_GONE = 'The guest no longer exists';
const SUBSCRIPTION_GONE = 'The subscription no longer exists';
/**
 * How long a delivery waits out a channel's 429s (each re-queue waits its retry_after and spends
 * no attempt) before it is given up as failed: an API refusing for longer is not coming back for
 * this occurrence, and the re-queues would go on forever.
 */
export const RATE_LIMITED_FOR_MS = 15 * 60_000;

const keyOf = (job: DeliveryJob) => ({
  source: job.source,
  source_id: job.id,
  guest_id: job.guestId,
  occurrence_at: job.occurrenceAt,
});

async function existing(db: Db, job: DeliveryJob) {
  return db
    .selectFrom('notification_deliveries')
    .select(['status', 'created_at'])
    .where('source', '=', job.source)
    .where('source_id', '=', job.id)
    .where('guest_id', '=', job.guestId)
    .where('occurrence_at', '=', job.occurrenceAt)
    .executeTakeFirst();
}

/** Records an outcome that sent nothing (or settles a claimed row); never overwrites a finished one. */
async function record(
  db: Db,
  job: DeliveryJob,
  channel: string,
  status: DeliveryStatus,
  reason: string | null,
  now: number,
) {
  await db
    .insertInto('notification_deliveries')
    .values({ ...keyOf(job), channel, status, reason, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc
        .columns(['source', 'source_id', 'guest_id', 'occurrence_at'])
        .doUpdateSet({ status, reason, updated_at: now })
        .where('notification_deliveries.status', '=', 'sending'),
    )
    .execute();
}

/** A subscription's push: its template in the guest's language, placeholders filled. */
async function subscriptionTurn(
  db: Db,
  job: DeliveryJob,
  guest: StoredGuest,
  now: number,
  source: PushSource | undefined,
) {
  const row = await db
    .selectFrom('notification_subscriptions')
    .selectAll()
    .where('id', '=', job.id)
    .executeTakeFirst();
  if (!row) return null;
  const template = JSON.parse(row.template) as Record<string, string>;
  const language = guest.session.language || row.language_code;
  const data = source ? await source(row.push_message_type) : {};
  const content = interpolate(pickText(template, language), { ...data, ...sessionScope(guest.session) });
  const session = { ...guest.session, messageCount: guest.session.messageCount + 1 };
  const reply: ChatReply = {
    type: 'text',
    content,
    from: 'bot',
    language_code: language,
    date: new Date(now).toISOString(),
    id: guest.session.messageCount,
  };
  const record: TurnRecord = {
    guestId: guest.id,
    botId: guest.botId,
    expectedVersion: guest.version,
    session,
    messages: [{ sender: 'bot', payload: { type: 'text', content }, languageCode: language }],
    firstSeq: guest.session.messageCount,
    subscriptions: [],
    now,
  };
  return { record, replies: [reply] };
}

export async function deliver(context: DeliveryContext, job: DeliveryJob): Promise<void> {
  const { db, now } = context;
  const done = await existing(db, job);
  if (done && done.status !== 'sending') return;
  const guest = await findGuest(db, job.guestId);
  if (!guest) return record(db, job, 'web', 'skipped', GUEST_GONE, now());
  const channel = guest.session.env?.ENVIRONMENT ?? 'web';
  const settings = await guestSettings(db, guest.id);
  if (settings?.off) return record(db, job, channel, 'skipped', UNSUBSCRIBED, now());
  // STOP on a channel switched the guest off when it arrived (server/channels/stop-notifications.ts).
  // WhatsApp's 24-hour window needs the time of the guest's last message.
  const last = channel === 'whatsapp' ? await lastGuestMessage(db, guest.id) : null;
  let turn;
  try {
    turn =
      job.root === null
        ? await subscriptionTurn(db, job, guest, now(), context.pushSource)
        : await context.chat.proactiveTurn(guest, job.root);
  } catch (error) {
    // A push type's source that fails is the delivery's failure, with its words in the log.
    if (error instanceof PushSourceError) return record(db, job, channel, 'failed', error.message, now());
    throw error;
  }
  if (!turn)
    return record(db, job, channel, 'skipped', job.root === null ? SUBSCRIPTION_GONE : NOTHING_TO_SAY, now());
  if (!turn.replies.length) return record(db, job, channel, 'skipped', NOTHING_TO_SAY, now());

  if (channel === 'web') {
    const stored = await db.transaction().execute(async (trx) => {
      const at = now();
      const claimed = await trx
        .insertInto('notification_deliveries')
        .values({ ...keyOf(job), channel, status: 'delivered', reason: null, created_at: at, updated_at: at })
        .onConflict((oc) => oc.columns(['source', 'source_id', 'guest_id', 'occurrence_at']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!claimed) return false;
      // A turn of the guest stored in between: the transaction rolls back and the job runs again.
      await saveTurn(trx, turn.record);
      await addUnread(trx, guest.id, turn.record.messages.length, at);
      return true;
    });
    if (stored && settings?.web_push && context.dataDir) {
      await sendWebPush(
        context.dataDir,
        settings.web_push,
        turn.replies,
        guest.botId,
        context.pushAgent,
      ).catch(() => undefined);
    }
    return;
  }

  const sender = context.senders[channel];
  if (!sender) return record(db, job, channel, 'skipped', noSender(channel), now());
  const at = now();
  await db
    .insertInto('notification_deliveries')
    .values({ ...keyOf(job), channel, status: 'sending', reason: null, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['source', 'source_id', 'guest_id', 'occurrence_at']).doNothing())
    .execute();
  const notification =
    job.source === 'notification' && channel === 'whatsapp'
      ? await db
          .selectFrom('notifications')
          .select('whatsapp_template')
          .where('id', '=', job.id)
          .executeTakeFirst()
      : undefined;
  // Claimed when first tried (by this job or by the batch that handed the guest over).
  const claimedAt = done?.created_at ?? at;
  let outcome;
  try {
    outcome = await sender({
      botId: guest.botId,
      guest,
      replies: turn.replies,
      whatsappTemplate: notification?.whatsapp_template ?? null,
      lastGuestMessageAt: last?.at ?? null,
    });
  } catch (error) {
    if (!(error instanceof RateLimitedSend)) throw error;
    // An API that answers 429 for longer than that: the delivery failed, with its words.
    if (now() - Number(claimedAt) >= RATE_LIMITED_FOR_MS) {
      return record(db, job, channel, 'failed', error.message, now());
    }
    // A 429 is no failure: the job waits the API's retry_after, its attempt given back (the
    // row stays 'sending', so the next run sends).
    throw new RetryLaterError(error.retryAfterMs, error.message, true);
  }
  if (outcome.status === 'sent' || outcome.status === 'delivered') {
    // The guest's conversation keeps what was sent; a turn stored in between leaves it out.
    await db
      .transaction()
      .execute((trx) => saveTurn(trx, turn.record))
      .catch((error) => {
        if (!(error instanceof GuestConflictError)) throw error;
      });
  }
  await record(db, job, channel, outcome.status, outcome.reason ?? null, now());
}
