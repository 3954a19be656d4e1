// The conversation search index (migrations 019h, 020c, 020d), kept by the rollup job on both
// databases: when it rolls the outcome rows whose last turn is in its window, it replaces their
// entries with their text now. A turn writes no index entry (on SQLite its triggers cost a third
// of analytics' share of a turn; on PostgreSQL the GIN index on the outcome row ~66 µs of database
// CPU); the search scans the rows after the sessions watermark instead (conversations.ts), the
// ones whose entry may be missing or older than the row.
// - SQLite: a contentless FTS5 table (trigram), its entries by the outcome row's rowid.
// - PostgreSQL: a table by guest id of the row's lowered texts, with a pg_trgm GIN index.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

/** Indexes the outcome rows whose last turn is in [start, stop), replacing what they had. */
export async function indexSearch(trx: Kysely<Database>, start: number, stop: number): Promise<void> {
  const rolled = sql`bot_id in (select id from bots) and last_at >= ${start} and last_at < ${stop}`;
  if (isPostgres(trx)) {
    // The texts the search compares, lowered as it lowers them, joined by newlines (020d). An
    // entry whose text has not changed is left as it is (no new index entries).
    await sql`insert into analytics_sessions_search as e (guest_id, lowered)
      select guest_id, lower(guest_id || chr(10) || answers || chr(10) || coalesce(last_node, ''))
      from analytics_sessions where ${rolled}
      on conflict (guest_id) do update set lowered = excluded.lowered
      where e.lowered is distinct from excluded.lowered`.execute(trx);
    return;
  }
  await sql`delete from analytics_sessions_search
    where rowid in (select rowid from analytics_sessions where ${rolled})`.execute(trx);
  await sql`insert into analytics_sessions_search (rowid, guest_id, answers, last_node)
    select rowid, guest_id, answers, last_node from analytics_sessions where ${rolled}`.execute(trx);
}
