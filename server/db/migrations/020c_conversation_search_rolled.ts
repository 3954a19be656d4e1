import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

// SQLite's conversation search index (019h) is kept by the rollup job instead of by triggers
// (issue 19 cost): the triggers re-indexed a session's answers and last node with every turn that
// changed them (most turns), a third of what analytics added to a chat turn. Now:
// - analytics_sessions_search is a contentless FTS5 table (trigram, case folded) whose rows can be
//   deleted by rowid alone (contentless_delete): the job replaces the entries of the rows it rolls
//   without their old text, which an external-content table would need.
// - The job indexes the outcome rows whose last turn is in the window it rolls (rollSessions,
//   server/analytics/search-index.ts); the search reads the index for the rows before the
//   sessions watermark and scans the few rows after it (conversations.ts), so it stays exact.
// Every row there now is indexed here; the rows after the watermark are indexed again when rolled.
// PostgreSQL's GIN index (019h) is kept by PostgreSQL itself and stays.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const trigger of ['insert', 'delete', 'update'])
    await sql`drop trigger if exists ${sql.raw(`analytics_sessions_search_${trigger}`)}`.execute(db);
  await sql`drop table if exists analytics_sessions_search`.execute(db);
  await sql`create virtual table analytics_sessions_search using fts5(
    guest_id, answers, last_node,
    content = '', contentless_delete = 1, tokenize = 'trigram')`.execute(db);
  await sql`insert into analytics_sessions_search (rowid, guest_id, answers, last_node)
    select rowid, guest_id, answers, last_node from analytics_sessions`.execute(db);
}
