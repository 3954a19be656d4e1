// PostgreSQL: the webhooks' stores (an update and its turn's job, store.ts) of one tick, in one
// statement on the webhooks' own connections (runWebhookWrite). A webhook answers once its update
// is stored, so each store's round trip is its acknowledgement's time; on a busy host a round
// trip to the database costs milliseconds of waiting for a core however small the statement, and
// at 200 updates/s one statement per update kept a few connections busy and the stores queued for
// them (ack p99 in the hundreds of ms). Gathered per tick, as TurnReader gathers the turns' reads,
// they take one round trip whatever their number. A conversation has one store in flight at a
// time (store.ts's inTurn), so a batch holds at most one update per conversation and the order of
// a conversation's updates is the order of its batches.
import type { Kysely } from 'kysely';
import { hotSql, runWebhookWrite } from '../db/connect.js';
import { notifyParams } from '../db/listen.js';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database>;

/**
 * Notified as turns' jobs are stored (db/listen.ts): the other instances' runners of turns look
 * for them at once rather than at their next poll (this instance's runner is woken in memory).
 */
export const TURNS_STORED = 'channel_turns';

/** One update to store with its turn's job (the job's dedupe key is `turn:<inbox id>`). */
export interface WebhookStore {
  botId: number;
  channel: string;
  chatId: string;
  updateKey: string;
  /** JSON text. */
  payload: string;
  jobKind: string;
  /** JSON text. */
  jobPayload: string;
  maxAttempts: number;
  now: number;
}

/**
 * The batch as a JSON array of rows: its updates stored (a taken update_key, a retried
 * delivery, is left out), each stored one's job added, and the stored ones answered with their
 * inbox id, and the other instances told when any was stored. Data-modifying parts of a WITH run
 * once whether or not the final select reads them; `notified` runs because it is read.
 */
const STORE_UPDATES = hotSql(
  'channel_store_updates',
  `with given as (
     select * from json_to_recordset(cast(? as json)) as g(n int, bot_id int, channel text, chat_id text,
       update_key text, payload text, job_kind text, job_payload text, max_attempts int, now bigint)
   ), stored as (
     insert into channel_inbox (bot_id, channel, chat_id, update_key, payload, state, created_at)
     select bot_id, channel, chat_id, update_key, payload, 'pending', now from given order by n
     on conflict (update_key) do nothing returning id, update_key
   ), turns as (
     insert into jobs (kind, payload, dedupe_key, state, run_at, attempts, max_attempts, created_at, updated_at)
     select g.job_kind, g.job_payload, 'turn:' || s.id, 'queued', g.now, 0, g.max_attempts, g.now, g.now
     from stored s join given g on g.update_key = s.update_key
     on conflict (dedupe_key) do nothing
   ), notified as (
     select pg_notify(cast(? as text), cast(? as text)) from (select 1 from stored limit 1) as one
   )
   select update_key, id from stored left join notified on true`,
);

interface Pending {
  store: WebhookStore;
  resolve: (id: number | null) => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 200;
const queues = new WeakMap<Db, Pending[]>();

/** Stores the update with this tick's others: its inbox id, or null when its key was taken. */
export function storeWithOthers(db: Db, store: WebhookStore): Promise<number | null> {
  let pending = queues.get(db);
  if (!pending) queues.set(db, (pending = []));
  const queue = pending;
  return new Promise((resolve, reject) => {
    if (!queue.length) setImmediate(() => flush(db, queue));
    queue.push({ store, resolve, reject });
  });
}

function flush(db: Db, queue: Pending[]): void {
  while (queue.length) void send(db, queue.splice(0, MAX_BATCH));
}

async function send(db: Db, batch: Pending[]): Promise<void> {
  try {
    const ids = await storeBatch(
      db,
      batch.map((p) => p.store),
    );
    for (const p of batch) p.resolve(ids.get(p.store.updateKey) ?? null);
  } catch (error) {
    if (batch.length === 1) return batch[0].reject(error);
    // One update's failure is not the others': each is stored on its own.
    for (const p of batch)
      storeBatch(db, [p.store]).then((ids) => p.resolve(ids.get(p.store.updateKey) ?? null), p.reject);
  }
}

async function storeBatch(db: Db, stores: WebhookStore[]): Promise<Map<string, number>> {
  const rows = stores.map((s, n) => ({
    n,
    bot_id: s.botId,
    channel: s.channel,
    chat_id: s.chatId,
    update_key: s.updateKey,
    payload: s.payload,
    job_kind: s.jobKind,
    job_payload: s.jobPayload,
    max_attempts: s.maxAttempts,
    now: s.now,
  }));
  const result = await runWebhookWrite<{ update_key: string; id: number }>(db, STORE_UPDATES, [
    JSON.stringify(rows),
    ...(notifyParams(db, TURNS_STORED) ?? ['none', '']),
  ]);
  return new Map(result.rows.map((row) => [row.update_key, Number(row.id)]));
}
