// The channel tables (013b_channels): the inbox a webhook writes, the outbox the senders drain,
// the per-conversation lease and state, and the per-bot channel status the Advanced tab shows.
import type { Kysely } from 'kysely';
import { directSqlite, hotSql, runHot } from '../db/connect.js';
import { isPostgres } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import type { ChoiceButton } from '../runtime/replies.js';
import { storeWithOthers } from './webhook-stores.js';

type Db = Kysely<Database>;

export type ChannelKind = 'telegram' | 'whatsapp';

/** One conversation on a channel: a bot and the channel's chat id. */
export interface ChatKey {
  botId: number;
  channel: ChannelKind;
  chatId: string;
}

const where = (key: ChatKey) => ({ bot_id: key.botId, channel: key.channel, chat_id: key.chatId }) as const;

/** Stores an update once: false when its key was stored before (a retried delivery). */
export async function storeUpdate(
  db: Db,
  key: ChatKey,
  updateKey: string,
  payload: unknown,
  now = Date.now(),
): Promise<number | null> {
  const row = await db
    .insertInto('channel_inbox')
    .values({
      ...where(key),
      update_key: updateKey,
      payload: JSON.stringify(payload),
      state: 'pending',
      created_at: now,
    })
    .onConflict((oc) => oc.column('update_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** The job an update's turn runs as (its dedupe key is `turn:<inbox id>`). */
export interface TurnJob {
  kind: string;
  maxAttempts: number;
}

/** The dedupe key of an update's turn job (the inbox id). */
export const turnKey = (inboxId: number) => `turn:${inboxId}`;

const INSERT_UPDATE = `insert into channel_inbox (bot_id, channel, chat_id, update_key, payload, state, created_at)
  values (?, ?, ?, ?, ?, 'pending', ?) on conflict (update_key) do nothing returning id`;
const INSERT_TURN = `insert into jobs (kind, payload, dedupe_key, state, run_at, attempts, max_attempts, created_at, updated_at)
  values (?, ?, ?, 'queued', ?, 0, ?, ?, ?) on conflict (dedupe_key) do nothing`;
/**
 * Stores that had to wait (PostgreSQL's, SQLite's behind a transaction), per database and
 * conversation: a conversation's updates are stored in the order they arrived, different
 * conversations' at once.
 */
const waitingStores = new WeakMap<Db, Map<string, { last: Promise<unknown>; count: number }>>();

const chatName = (key: ChatKey) => `${key.botId}:${key.channel}:${key.chatId}`;

/** Runs `store` after the conversation's stores asked for before it: a later update never takes a lower id. */
function inTurn<T>(db: Db, key: ChatKey, store: () => Promise<T>): Promise<T> {
  let queues = waitingStores.get(db);
  if (!queues) waitingStores.set(db, (queues = new Map()));
  const name = chatName(key);
  let queue = queues.get(name);
  if (!queue) queues.set(name, (queue = { last: Promise.resolve(), count: 0 }));
  const q = queue;
  q.count++;
  const run = q.last.then(store).finally(() => {
    if (--q.count === 0) queues.delete(name);
  });
  q.last = run.catch(() => {});
  return run;
}

/**
 * What a webhook does before it answers: stores the update once and, with it, the job that runs
 * its turn — one write, never queued behind the turns. On SQLite it runs at once on the file
 * (synchronous: nothing else can interleave, and it does not wait in Kysely's connection queue
 * behind the turns' transactions); on PostgreSQL it goes with the other stores of its tick, in one
 * statement on the webhooks' own connections (webhook-stores.ts). The inbox id, or null when the
 * update was stored before (a retried delivery: no second job).
 */
export async function storeUpdateWithTurn(
  db: Db,
  key: ChatKey,
  updateKey: string,
  payload: unknown,
  job: TurnJob,
  now = Date.now(),
): Promise<number | null> {
  if (isPostgres(db)) {
    // In turn: a later update of the conversation is stored in a later batch, so it takes a higher id.
    return inTurn(db, key, () =>
      storeWithOthers(db, {
        ...key,
        updateKey,
        payload: JSON.stringify(payload),
        jobKind: job.kind,
        jobPayload: JSON.stringify(key),
        maxAttempts: job.maxAttempts,
        now,
      }),
    );
  }
  const update = [key.botId, key.channel, key.chatId, updateKey, JSON.stringify(payload), now];
  const turn = (id: number) => [job.kind, JSON.stringify(key), turnKey(id), now, job.maxAttempts, now, now];
  const file = directSqlite(db);
  if (file && !waitingStores.get(db)?.has(chatName(key))) {
    file.prepare('begin immediate').run();
    try {
      const row = file.prepare(INSERT_UPDATE).get(update) as { id: number } | undefined;
      if (row) file.prepare(INSERT_TURN).run(turn(Number(row.id)));
      file.prepare('commit').run();
      return row ? Number(row.id) : null;
    } catch (error) {
      file.prepare('rollback').run();
      throw error;
    }
  }
  // A Kysely transaction is open on the file (or a store waits for one): take the connection
  // after it, as any query would, and after the stores waiting before this one.
  return inTurn(db, key, () =>
    db.transaction().execute(async (trx) => {
      const id = await storeUpdate(trx, key, updateKey, payload, now);
      if (id !== null) await runHot(trx, hotSql('channel_store_turn', INSERT_TURN), turn(id));
      return id;
    }),
  );
}

export interface InboxItem {
  id: number;
  payload: unknown;
}

/** The conversation's first update not yet handled (arrival order). */
export async function nextUpdate(db: Db, key: ChatKey): Promise<InboxItem | null> {
  const row = await db
    .selectFrom('channel_inbox')
    .select(['id', 'payload'])
    .where('bot_id', '=', key.botId)
    .where('channel', '=', key.channel)
    .where('chat_id', '=', key.chatId)
    .where('state', '=', 'pending')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: Number(row.id), payload: JSON.parse(row.payload) as unknown } : null;
}

export async function updateIsPending(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('channel_inbox').select('state').where('id', '=', id).executeTakeFirst();
  return row?.state === 'pending';
}

export interface OutboxItem {
  id: number;
  body: unknown;
  attempts: number;
}

export async function pendingSends(db: Db, key: ChatKey): Promise<OutboxItem[]> {
  const rows = await db
    .selectFrom('channel_outbox')
    .select(['id', 'body', 'attempts'])
    .where('bot_id', '=', key.botId)
    .where('channel', '=', key.channel)
    .where('chat_id', '=', key.chatId)
    .where('state', '=', 'pending')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), body: JSON.parse(r.body) as unknown, attempts: r.attempts }));
}

export async function markSent(db: Db, id: number, externalId: string | null, now = Date.now()) {
  await db
    .updateTable('channel_outbox')
    .set({ state: 'sent', external_id: externalId, status: 'sent', updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Records a failed try: dead with the API's error once `dead`, else pending for another try. */
export async function markFailed(db: Db, item: OutboxItem, error: string, dead: boolean, now = Date.now()) {
  await db
    .updateTable('channel_outbox')
    .set({ attempts: item.attempts + 1, error, state: dead ? 'dead' : 'pending', updated_at: now })
    .where('id', '=', item.id)
    .execute();
}

/** A delivery status the channel reported for a message it was sent (WhatsApp statuses). */
export async function recordStatus(
  db: Db,
  externalId: string,
  status: string,
  error: string | null,
  now = Date.now(),
) {
  const result = await db
    .updateTable('channel_outbox')
    .set({ status, ...(error ? { error } : {}), updated_at: now })
    .where('external_id', '=', externalId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface ChatState {
  offered: ChoiceButton[] | null;
  confirmRestart: boolean;
  sendAfter: number;
}

export async function chatState(db: Db, key: ChatKey): Promise<ChatState> {
  const row = await db
    .selectFrom('channel_chats')
    .select(['offered', 'confirm_restart', 'send_after'])
    .where('bot_id', '=', key.botId)
    .where('channel', '=', key.channel)
    .where('chat_id', '=', key.chatId)
    .executeTakeFirst();
  return {
    offered: row?.offered ? (JSON.parse(row.offered) as ChoiceButton[]) : null,
    confirmRestart: row?.confirm_restart === 1,
    sendAfter: Number(row?.send_after ?? 0),
  };
}

export async function delaySends(db: Db, key: ChatKey, until: number) {
  await db
    .updateTable('channel_chats')
    .set({ send_after: until })
    .where('bot_id', '=', key.botId)
    .where('channel', '=', key.channel)
    .where('chat_id', '=', key.chatId)
    .execute();
}

// --- What the Advanced tab shows per bot and channel ---------------------------------------------

export interface ChannelStatus {
  secret: string | null;
  webhookUrl: string | null;
  lastError: string | null;
  lastErrorAt: number | null;
  lastMessageAt: number | null;
}

export async function channelStatus(
  db: Db,
  botId: number,
  channel: ChannelKind,
): Promise<ChannelStatus | null> {
  const row = await db
    .selectFrom('channel_states')
    .selectAll()
    .where('bot_id', '=', botId)
    .where('channel', '=', channel)
    .executeTakeFirst();
  return row
    ? {
        secret: row.secret,
        webhookUrl: row.webhook_url,
        lastError: row.last_error,
        lastErrorAt: row.last_error_at === null ? null : Number(row.last_error_at),
        lastMessageAt: row.last_message_at === null ? null : Number(row.last_message_at),
      }
    : null;
}

/**
 * The channel's webhook secret, as the webhook checks it on every update: kept a moment per bot
 * and channel, so a busy bot's updates do not each read it. A secret changed by this process is
 * forgotten at once (setChannelStatus); one changed by another instance is read again within
 * SECRET_KEPT_MS — the old secret is accepted no longer than that.
 */
const SECRET_KEPT_MS = 2_000;
/** Kept as the read itself: updates arriving while it runs wait on it, and go on in their order. */
const secrets = new WeakMap<Db, Map<string, { secret: Promise<string | null>; until: number }>>();

export function webhookSecret(db: Db, botId: number, channel: ChannelKind, now = Date.now()) {
  let kept = secrets.get(db);
  if (!kept) secrets.set(db, (kept = new Map()));
  const name = `${botId}:${channel}`;
  const hit = kept.get(name);
  if (hit && hit.until > now) return hit.secret;
  const secret = channelStatus(db, botId, channel).then((status) => status?.secret ?? null);
  secret.catch(() => kept.delete(name));
  kept.set(name, { secret, until: now + SECRET_KEPT_MS });
  return secret;
}

type StatusChange = Partial<{
  secret: string | null;
  webhook_url: string | null;
  last_error: string | null;
  last_error_at: number | null;
  last_message_at: number | null;
}>;

export async function setChannelStatus(
  db: Db,
  botId: number,
  channel: ChannelKind,
  change: StatusChange,
  now = Date.now(),
) {
  await db
    .insertInto('channel_states')
    .values({ bot_id: botId, channel, ...change, updated_at: now })
    .onConflict((oc) => oc.columns(['bot_id', 'channel']).doUpdateSet({ ...change, updated_at: now }))
    .execute();
  // After the write: a webhook reading in between would keep the old secret again.
  if ('secret' in change) secrets.get(db)?.delete(`${botId}:${channel}`);
}
