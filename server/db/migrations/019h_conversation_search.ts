import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

// The conversations table's search (issue 19 §3) is a case-insensitive substring match on the
// guest id, the answers and the last node. Scanning every row's answers cost 1.2 s over a month
// of a busy bot; a trigram index finds the candidate rows instead (conversations.ts still checks
// each with the same LIKE, so the matches are exactly the scan's).
// - PostgreSQL: a pg_trgm GIN index on the three lowered columns, the expressions the query
//   compares, which ILIKE/LIKE '%…%' can use (pg_trgm is a trusted extension).
// - SQLite: an FTS5 table with the trigram tokenizer (case folded), its content read from
//   analytics_sessions (external content: the text is stored once), kept in step by triggers so
//   every write path (the turn's upsert, tests, benches) updates it. The update trigger runs only
//   when a searched column changes. Searches under 3 characters can't use trigrams: they scan.
// Both backfill the rows already there.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // In public, not in the schema being migrated: an extension is one per database, and made
    // inside a schema it would go with that schema (tests and benches drop theirs), taking the
    // other schemas' indexes along. Its operator class is named by the schema it is in.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    const { rows } = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema
      from pg_extension where extname = 'pg_trgm'`.execute(db);
    const ops = sql.raw(`${rows[0].schema}.gin_trgm_ops`);
    await sql`create index analytics_sessions_search on analytics_sessions using gin (
      lower(guest_id) ${ops}, lower(answers) ${ops}, lower(last_node) ${ops})`.execute(db);
    return;
  }
  await sql`create virtual table analytics_sessions_search using fts5(
    guest_id, answers, last_node,
    content = 'analytics_sessions', content_rowid = 'rowid', tokenize = 'trigram')`.execute(db);
  const row = (prefix: string) =>
    sql.raw(`${prefix}.rowid, ${prefix}.guest_id, ${prefix}.answers, ${prefix}.last_node`);
  const remove = sql`insert into analytics_sessions_search
    (analytics_sessions_search, rowid, guest_id, answers, last_node) values ('delete', ${row('old')});`;
  const add = sql`insert into analytics_sessions_search (rowid, guest_id, answers, last_node) values (${row('new')});`;
  await sql`create trigger analytics_sessions_search_insert after insert on analytics_sessions
    begin ${add} end`.execute(db);
  await sql`create trigger analytics_sessions_search_delete after delete on analytics_sessions
    begin ${remove} end`.execute(db);
  await sql`create trigger analytics_sessions_search_update
    after update of guest_id, answers, last_node on analytics_sessions
    when old.guest_id is not new.guest_id or old.answers is not new.answers
      or old.last_node is not new.last_node
    begin ${remove} ${add} end`.execute(db);
  await sql`insert into analytics_sessions_search (analytics_sessions_search) values ('rebuild')`.execute(db);
}
