import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

// PostgreSQL's conversation search index (019h) is kept by the rollup job, as SQLite's is since
// 020c (issue 19 cost): the GIN index on analytics_sessions re-inserted a session's trigrams with
// every turn's upsert of its outcome row, ~66 µs of PostgreSQL CPU a turn (9 % of the runtime
// bench's throughput). Now:
// - analytics_sessions_search holds one entry per outcome row, (guest_id, lowered): the row's
//   guest id, answers and last node lowered and joined by newlines, with a pg_trgm GIN index on it.
//   One column rather than three: one index lookup per search instead of three OR'ed, a trigram
//   the three texts share is one index entry, and the text is lowered once when indexed instead of
//   at every recheck. A match across the joins is only a candidate too many: conversations.ts
//   still decides with the LIKE on analytics_sessions itself.
// - The rollup job replaces the entries of the rows it rolls (search-index.ts); the search reads
//   the index for the rows before the sessions watermark and scans the rows after it.
// Every row there now is indexed here; the rows after the watermark are indexed again when rolled.
// SQLite: nothing to do (020c).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  // pg_trgm is in public (019h), not in the schema being migrated: its operator class is named
  // by the schema it is in.
  const { rows } = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema
    from pg_extension where extname = 'pg_trgm'`.execute(db);
  const ops = sql.raw(`${rows[0].schema}.gin_trgm_ops`);
  await sql`drop index if exists analytics_sessions_search`.execute(db);
  await db.schema
    .createTable('analytics_sessions_search')
    .addColumn('guest_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('lowered', 'text', (c) => c.notNull())
    .execute();
  // Filled before the index is made: one build instead of an index insert per row.
  await sql`insert into analytics_sessions_search (guest_id, lowered)
    select guest_id, lower(guest_id || chr(10) || answers || chr(10) || coalesce(last_node, ''))
    from analytics_sessions`.execute(db);
  await sql`create index analytics_sessions_search_lowered on analytics_sessions_search
    using gin (lowered ${ops})`.execute(db);
}
