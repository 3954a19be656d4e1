// SQLite's conversation search index (migrations 019h, 020c), kept by the rollup job: when it
// rolls the outcome rows whose last turn is in its window, it replaces their entries with their
// text now. A turn writes no index entry (it cost a third of analytics' share of a turn); the
// search scans the rows after the sessions watermark instead (conversations.ts), the ones whose
// entry may be missing or older than the row. PostgreSQL's GIN index is kept by PostgreSQL.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

/** Indexes the outcome rows whose last turn is in [start, stop), replacing what they had. */
export async function indexSearch(trx: Kysely<Database>, start: number, stop: number): Promise<void> {
  if (isPostgres(trx)) return;
  const rows = sql`select rowid from analytics_sessions
    where bot_id in (select id from bots) and last_at >= ${start} and last_at < ${stop}`;
  await sql`delete from analytics_sessions_search where rowid in (${rows})`.execute(trx);
  await sql`insert into analytics_sessions_search (rowid, guest_id, answers, last_node)
    select rowid, guest_id, answers, last_node from analytics_sessions
    where bot_id in (select id from bots) and last_at >= ${start} and last_at < ${stop}`.execute(trx);
}
