// The statements of a batch delivery (batch.ts): each reads or writes the rows of all the batch's
// guests at once, so a batch of a hundred guests costs a handful of round trips instead of a dozen
// per guest. Written once for both databases; where their SQL differs (a multi-row UPDATE) the
// two spellings sit side by side.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from '../db/dialect.js';
import type { Database, DeliverySource, DeliveryStatus } from '../db/schema.js';
import { turnFollowingWrites, type StoredGuest, type TurnRecord } from '../repos/guests.js';
import { runHot } from '../db/connect.js';
import type { GuestSession } from '../runtime/session.js';

type Db = Kysely<Database>;

/** Which occurrence of what a batch delivers. */
export interface OccurrenceKey {
  source: DeliverySource;
  id: number;
  occurrenceAt: number;
}

/** A guest of a batch as its delivery needs it. */
export interface Recipient {
  guest: StoredGuest;
  chatId: string | null;
  off: boolean;
  webPush: string | null;
}

/** How a guest's delivery ended, as its row in notification_deliveries records it. */
export interface Outcome {
  guestId: string;
  channel: string;
  status: DeliveryStatus;
  reason: string | null;
}

const UNIQUE = ['source', 'source_id', 'guest_id', 'occurrence_at'] as const;

/** The guests whose delivery of the occurrence has ended already (a batch run again skips them). */
export async function endedDeliveries(db: Db, key: OccurrenceKey, guestIds: string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('notification_deliveries')
    .select('guest_id')
    .where('source', '=', key.source)
    .where('source_id', '=', key.id)
    .where('occurrence_at', '=', key.occurrenceAt)
    .where('guest_id', 'in', guestIds)
    .where('status', '!=', 'sending')
    .execute();
  return new Set(rows.map((row) => row.guest_id));
}

/** The guests' sessions, chat ids and notification settings, in one query. */
export async function readRecipients(db: Db, guestIds: string[]): Promise<Map<string, Recipient>> {
  const rows = await db
    .selectFrom('guest_sessions')
    .leftJoin('guest_notification_settings as s', 's.guest_id', 'guest_sessions.id')
    .select([
      'guest_sessions.id',
      'guest_sessions.bot_id',
      'guest_sessions.state',
      'guest_sessions.version',
      'guest_sessions.external_chat_id',
      's.off',
      's.web_push',
    ])
    .where('guest_sessions.id', 'in', guestIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        guest: {
          id: row.id,
          botId: row.bot_id,
          session: JSON.parse(row.state) as GuestSession,
          version: row.version,
        },
        chatId: row.external_chat_id,
        off: row.off === 1,
        webPush: row.web_push ?? null,
      },
    ]),
  );
}

/** When each guest last wrote (WhatsApp's 24-hour window), for the guests who ever did. */
export async function lastGuestMessages(db: Db, guestIds: string[]): Promise<Map<string, number>> {
  if (!guestIds.length) return new Map();
  const rows = await db
    .selectFrom('conversation_turns')
    .select(['guest_id', (e) => e.fn.max('created_at').as('at')])
    .where('guest_id', 'in', guestIds)
    .where('messages', 'like', '%"sender":"user"%')
    .groupBy('guest_id')
    .execute();
  return new Map(rows.map((row) => [row.guest_id, Number(row.at)]));
}

const deliveryRow = (key: OccurrenceKey, outcome: Outcome, now: number) => ({
  source: key.source,
  source_id: key.id,
  guest_id: outcome.guestId,
  occurrence_at: key.occurrenceAt,
  channel: outcome.channel,
  status: outcome.status,
  reason: outcome.reason,
  created_at: now,
  updated_at: now,
});

/**
 * Records how deliveries ended, in one statement: new rows, or the end of a claimed one
 * ('sending'); a delivery that ended already is never overwritten.
 */
export async function recordOutcomes(db: Db, key: OccurrenceKey, outcomes: Outcome[], now: number) {
  if (!outcomes.length) return;
  await db
    .insertInto('notification_deliveries')
    .values(outcomes.map((outcome) => deliveryRow(key, outcome, now)))
    .onConflict((oc) =>
      oc
        .columns([...UNIQUE])
        .doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          reason: eb.ref('excluded.reason'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('notification_deliveries.status', '=', 'sending'),
    )
    .execute();
}

/**
 * Claims channel deliveries before their calls ('sending'): a server killed between a call and its
 * record leaves the claim, and the batch run again sends only those (the channel APIs take no
 * idempotency key).
 */
export async function claimSending(db: Db, key: OccurrenceKey, outcomes: Outcome[], now: number) {
  if (!outcomes.length) return;
  await db
    .insertInto('notification_deliveries')
    .values(outcomes.map((outcome) => deliveryRow(key, { ...outcome, status: 'sending', reason: null }, now)))
    .onConflict((oc) => oc.columns([...UNIQUE]).doNothing())
    .execute();
}

/** UPDATE … FROM a list of (id, state, expected version) rows; answers the ids updated. */
function updateSessions(db: Db, turns: TurnRecord[], now: number): RawBuilder<{ id: string }> {
  const postgres = isPostgres(db);
  const rows = turns.map((turn) => {
    const values = [turn.guestId, JSON.stringify(turn.session), turn.expectedVersion];
    return postgres
      ? sql`(${values[0]}::varchar, ${values[1]}::text, ${values[2]}::int)`
      : sql`(${sql.join(values)})`;
  });
  const from = postgres
    ? sql`(values ${sql.join(rows)}) as v(id, state, expected)`
    : sql`(select column1 as id, column2 as state, column3 as expected from (values ${sql.join(rows)})) as v`;
  return sql<{ id: string }>`
    update guest_sessions set state = v.state, version = v.expected + 1, updated_at = ${now},
      last_seen_at = ${now}
    from ${from}
    where guest_sessions.id = v.id and guest_sessions.version = v.expected
    returning guest_sessions.id`;
}

/**
 * Web deliveries: in one transaction, each guest's delivery row ('delivered', unique per guest
 * and occurrence), the turn (session over the version it was read at, and its messages) and the
 * unread badge. A guest delivered already (a batch run twice, another instance) gets nothing more;
 * a guest whose session moved on since it was read (a turn of theirs in between) is left out and
 * answered in `lost` to be tried again. Answers the guests stored.
 */
export async function storeWebDeliveries(
  db: Db,
  key: OccurrenceKey,
  turns: TurnRecord[],
  now: number,
): Promise<{ stored: Set<string>; lost: string[] }> {
  if (!turns.length) return { stored: new Set(), lost: [] };
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('notification_deliveries')
      .values(
        turns.map((turn) =>
          deliveryRow(key, { guestId: turn.guestId, channel: 'web', status: 'delivered', reason: null }, now),
        ),
      )
      .onConflict((oc) => oc.columns([...UNIQUE]).doNothing())
      .returning('guest_id')
      .execute();
    const mine = new Set(claimed.map((row) => row.guest_id));
    const toStore = turns.filter((turn) => mine.has(turn.guestId));
    if (!toStore.length) return { stored: new Set<string>(), lost: [] };
    const updated = await updateSessions(trx, toStore, now).execute(trx);
    const stored = new Set(updated.rows.map((row) => row.id));
    const lost = toStore.filter((turn) => !stored.has(turn.guestId)).map((turn) => turn.guestId);
    if (lost.length) {
      await trx
        .deleteFrom('notification_deliveries')
        .where('source', '=', key.source)
        .where('source_id', '=', key.id)
        .where('occurrence_at', '=', key.occurrenceAt)
        .where('guest_id', 'in', lost)
        .execute();
    }
    const saved = toStore.filter((turn) => stored.has(turn.guestId));
    // A flow that subscribes the guest (a notification node) writes its subscription too: rare,
    // so those turns take the one-guest writes.
    const plain = saved.filter((turn) => !turn.subscriptions.length && turn.messages.length);
    if (plain.length) {
      await trx
        .insertInto('conversation_turns')
        .values(
          plain.map((turn) => ({
            guest_id: turn.guestId,
            seq: turn.firstSeq,
            messages: JSON.stringify(turn.messages),
            created_at: turn.now,
          })),
        )
        .execute();
    }
    for (const turn of saved.filter((t) => t.subscriptions.length)) {
      for (const [statement, params] of turnFollowingWrites(turn)) await runHot(trx, statement, params);
    }
    if (saved.length) {
      await trx
        .insertInto('guest_notification_settings')
        .values(
          saved.map((turn) => ({
            guest_id: turn.guestId,
            off: 0,
            unread: turn.messages.length,
            updated_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.column('guest_id').doUpdateSet((eb) => ({
            unread: eb('guest_notification_settings.unread', '+', eb.ref('excluded.unread')),
            updated_at: now,
          })),
        )
        .execute();
    }
    return { stored, lost };
  });
}
