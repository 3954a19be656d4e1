// Guests of a bot: their sessions (one JSON document with a version) and their conversation
// (messages numbered per guest). A turn is stored with saveTurn in one transaction, over the
// version it started from, so two servers running turns of one guest cannot both win.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { GuestSession } from '../runtime/session.js';
import type { Subscription } from '../runtime/ports.js';

type Db = Kysely<Database>;

export interface StoredGuest {
  id: string;
  botId: number;
  session: GuestSession;
  version: number;
}

/** A message to store: what the client reads (payload), and its content per language. */
export interface NewMessage {
  sender: 'bot' | 'user';
  payload: { type: string; content: unknown } & Record<string, unknown>;
  translations?: Record<string, unknown>;
  languageCode: string;
}

/** A message as the client reads it (spec 3 §3 Conversation message). */
export interface ConversationMessage extends Record<string, unknown> {
  id: number;
  type: string;
  from: 'bot' | 'user';
  content: unknown;
  date: string;
  language_code: string;
  disabled: boolean;
}

/** Another turn of the same guest was stored in between (another server instance). */
export class GuestConflictError extends Error {
  constructor() {
    super('The conversation changed while this message was being answered');
  }
}

export async function findGuest(db: Db, guestId: string): Promise<StoredGuest | null> {
  const row = await db
    .selectFrom('guest_sessions')
    .select(['id', 'bot_id', 'state', 'version'])
    .where('id', '=', guestId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    botId: row.bot_id,
    session: JSON.parse(row.state) as GuestSession,
    version: row.version,
  };
}

export async function touchGuest(db: Db, guestId: string, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable('guest_sessions')
    .set({ last_seen_at: now })
    .where('id', '=', guestId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface TurnRecord {
  guestId: string;
  botId: number;
  /** null: a new guest, inserted by this turn. */
  expectedVersion: number | null;
  session: GuestSession;
  /** Numbered from `firstSeq` on. */
  messages: NewMessage[];
  firstSeq: number;
  subscriptions: Subscription[];
  now: number;
}

/** Stores one turn; call inside a transaction. Throws GuestConflictError on a lost race. */
export async function saveTurn(trx: Db, turn: TurnRecord): Promise<number> {
  const { guestId, now } = turn;
  const state = JSON.stringify(turn.session);
  let version: number;
  if (turn.expectedVersion === null) {
    version = 1;
    await trx
      .insertInto('guest_sessions')
      .values({
        id: guestId,
        bot_id: turn.botId,
        state,
        version,
        created_at: now,
        updated_at: now,
        last_seen_at: now,
      })
      .execute();
  } else {
    version = turn.expectedVersion + 1;
    const result = await trx
      .updateTable('guest_sessions')
      .set({ state, version, updated_at: now, last_seen_at: now })
      .where('id', '=', guestId)
      .where('version', '=', turn.expectedVersion)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new GuestConflictError();
  }
  if (turn.messages.length) {
    await trx
      .insertInto('conversation_messages')
      .values(
        turn.messages.map((message, i) => ({
          guest_id: guestId,
          seq: turn.firstSeq + i,
          sender: message.sender,
          type: message.payload.type,
          payload: JSON.stringify(message.payload),
          translations: message.translations ? JSON.stringify(message.translations) : null,
          language_code: message.languageCode,
          created_at: now,
        })),
      )
      .execute();
  }
  for (const s of turn.subscriptions) {
    const values = {
      template: JSON.stringify(s.template),
      start_at: s.startAt,
      frequency: s.frequency,
      language_code: s.language,
      updated_at: now,
    };
    await trx
      .insertInto('notification_subscriptions')
      .values({
        ...values,
        guest_id: guestId,
        bot_id: turn.botId,
        push_message_type: s.pushMessageType,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['guest_id', 'push_message_type']).doUpdateSet(values))
      .execute();
  }
  return version;
}

/** Stores a session changed outside a turn (language, custom variables) over its version. */
export async function saveSession(db: Db, guest: StoredGuest, session: GuestSession, now = Date.now()) {
  const result = await db
    .updateTable('guest_sessions')
    .set({ state: JSON.stringify(session), version: guest.version + 1, updated_at: now, last_seen_at: now })
    .where('id', '=', guest.id)
    .where('version', '=', guest.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new GuestConflictError();
}

/** Buttons that stop reacting once the guest has said anything after them (spec 3 §4). */
const ANSWERABLE = new Set(['choices', 'choices-message', 'wizard']);

/**
 * The guest's conversation, oldest first. A choices message (and its options message, and a
 * wizard question) is disabled once a guest message follows it. With `languageCode`, every
 * message that was said in several languages is given in that one (PUT /api/language).
 */
export async function readConversation(db: Db, guestId: string, languageCode?: string) {
  const rows = await db
    .selectFrom('conversation_messages')
    .selectAll()
    .where('guest_id', '=', guestId)
    .orderBy('seq')
    .execute();
  let answered = false;
  const messages: ConversationMessage[] = [];
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i];
    const payload = JSON.parse(row.payload) as Record<string, unknown>;
    const message: ConversationMessage = {
      ...payload,
      id: row.seq,
      type: row.type,
      from: row.sender,
      content: payload.content,
      date: new Date(row.created_at).toISOString(),
      language_code: row.language_code,
      disabled: row.sender === 'bot' && answered && ANSWERABLE.has(row.type),
    };
    if (row.sender === 'user') answered = true;
    if (languageCode && row.translations) {
      const translations = JSON.parse(row.translations) as Record<string, unknown>;
      if (translations[languageCode] !== undefined) {
        message.content = translations[languageCode];
        message.language_code = languageCode;
      }
    }
    messages.push(message);
  }
  return messages.reverse();
}

/** The guest's subscriptions (the notifications issue reads these to deliver). */
export async function listSubscriptions(db: Db, guestId: string) {
  return db
    .selectFrom('notification_subscriptions')
    .selectAll()
    .where('guest_id', '=', guestId)
    .orderBy('id')
    .execute();
}
