// How a conversation's turn ends on a channel (conversation-drain.ts), in one round trip: the
// turn's messages marked sent (all of them in one statement, not one each), and the
// conversation's next update — or, when there is none, the lease let go and the job that ran the
// conversation recorded done (the jobs runner then writes nothing more: JOB_RECORDED).
//
// Why letting go in the same statement loses no update: an update is stored together with its
// job, so its job can only ask for the lease after the update is stored. If it asked before this
// statement began, the update is stored before it too, and this statement sees it as the next one
// and keeps the lease. If it asks after, the statement's lock on the chat row makes it wait for
// the release (PostgreSQL) or it finds the lease free (SQLite runs one write at a time); a job that
// finds the lease still held comes back shortly while its update is pending.
import type { Kysely } from 'kysely';
import { directSqlite, hotSql, runHot } from '../db/connect.js';
import { isPostgres } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { RECORD_DONE_SQL } from '../jobs/index.js';
import type { ChatKey, InboxItem } from './store.js';

type Db = Kysely<Database>;

/** A message the channel's API took, with the id it gave it (null when it gives none). */
export interface SentMessage {
  id: number;
  externalId: string | null;
}

/** The job that ran the conversation: recorded done when its lease is let go. */
export interface EndingJob {
  id: number;
  runner: string;
}

const MARK_SENT = `update channel_outbox set state = 'sent', status = 'sent', external_id = ?, updated_at = ?
  where id = ?`;
const NEXT_UPDATE = `select id, payload from channel_inbox where bot_id = ? and channel = ? and chat_id = ?
  and state = 'pending' order by id limit 1`;
const RELEASE = `update channel_chats set locked_by = null, locked_until = null
  where bot_id = ? and channel = ? and chat_id = ? and locked_by = ?`;

const MARK_SENT_HOT = hotSql('channel_mark_sent', MARK_SENT);
const NEXT_UPDATE_HOT = hotSql('channel_next_update', NEXT_UPDATE);
const RELEASE_HOT = hotSql('channel_release_chat_sqlite', RELEASE);
const RECORD_DONE_HOT = hotSql('channel_record_done', RECORD_DONE_SQL);

/** PostgreSQL: every part as one statement (one snapshot: see the file's comment). */
const END_TURN_PG = hotSql(
  'channel_end_turn',
  `with sent as (
     update channel_outbox o set state = 'sent', status = 'sent', external_id = s.external_id,
       updated_at = cast(? as bigint)
     from json_to_recordset(cast(? as json)) as s(id bigint, external_id text)
     where o.id = s.id returning o.id
   ), next as (${NEXT_UPDATE}),
   released as (${RELEASE} and not exists (select 1 from next) returning 1),
   finished as (${RECORD_DONE_SQL} and not exists (select 1 from next) returning 1)
   select next.id, next.payload, (select count(*) from sent) as sent
   from (select 1) as one left join next on true`,
);

/** Marks messages sent, in one statement (a turn that stopped half-way: its sent part). */
export async function markSentMany(db: Db, sent: SentMessage[], now = Date.now()): Promise<void> {
  if (!sent.length) return;
  await endTurn(db, null, null, sent, null, now);
}

/**
 * Ends a turn: `sent` marked sent, then the conversation's next update, or null when there is
 * none — the lease of `runner` is then let go and `job` (if given) recorded done. With a null
 * `key`, only marks `sent`.
 */
export async function endTurn(
  db: Db,
  key: ChatKey | null,
  runner: string | null,
  sent: SentMessage[],
  job: EndingJob | null,
  now = Date.now(),
): Promise<InboxItem | null> {
  const chat = key ? [key.botId, key.channel, key.chatId] : [0, '', ''];
  const parse = (row: { id: number; payload: string } | undefined) =>
    row && row.id !== null ? { id: Number(row.id), payload: JSON.parse(row.payload) as unknown } : null;
  if (isPostgres(db)) {
    const marks = JSON.stringify(sent.map((m) => ({ id: m.id, external_id: m.externalId })));
    const { rows } = await runHot<{ id: number; payload: string }>(db, END_TURN_PG, [
      now,
      marks,
      ...chat,
      ...chat,
      runner,
      now,
      job?.id ?? 0,
      job?.runner ?? '',
    ]);
    return key ? parse(rows[0]) : null;
  }
  const steps = (run: (statement: string, params: unknown[]) => unknown[]) => {
    for (const m of sent) run(MARK_SENT, [m.externalId, now, m.id]);
    if (!key) return null;
    const next = parse(run(NEXT_UPDATE, chat)[0] as { id: number; payload: string } | undefined);
    if (next) return next;
    run(RELEASE, [...chat, runner]);
    if (job) run(RECORD_DONE_SQL, [now, job.id, job.runner]);
    return null;
  };
  const file = directSqlite(db);
  if (file) {
    // Synchronous on the file: nothing interleaves, and no wait in Kysely's connection queue.
    file.prepare('begin immediate').run();
    try {
      const next = steps((statement, params) => {
        const prepared = file.prepare(statement);
        if (prepared.reader) return prepared.all(params);
        prepared.run(params);
        return [];
      });
      file.prepare('commit').run();
      return next;
    } catch (error) {
      file.prepare('rollback').run();
      throw error;
    }
  }
  // A Kysely transaction is open on the file: after it, as any query would wait.
  return db.transaction().execute(async (trx) => {
    for (const m of sent) await runHot(trx, MARK_SENT_HOT, [m.externalId, now, m.id]);
    if (!key) return null;
    const { rows } = await runHot<{ id: number; payload: string }>(trx, NEXT_UPDATE_HOT, chat);
    const next = parse(rows[0]);
    if (next) return next;
    await runHot(trx, RELEASE_HOT, [...chat, runner]);
    if (job) await runHot(trx, RECORD_DONE_HOT, [now, job.id, job.runner]);
    return null;
  });
}
