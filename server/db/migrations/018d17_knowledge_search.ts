import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

// Knowledge search speed (issue 17: p95 ≤ 20 ms over 10,000 passages):
// - knowledge_sources.index_version, bumped in the transaction that replaces or removes a source's
//   passages: the in-memory vector cache keys each source's embeddings by it, so an instance never
//   ranks by the vectors of passages another instance has since replaced (vector-cache.ts).
// PostgreSQL only:
// - The GIN index of the passages' tsvector takes new entries straight into the index (no
//   fastupdate pending list). With the list, passages ingested since the last vacuum are found by
//   scanning the list, and a freshly filled index made the planner read every row instead (a
//   sequential scan detoasting 10,000 tsvectors: 400+ ms). Ingest pays a little per passage.
// - The tsvector stays in the row (storage main) rather than in TOAST: ranking a match reads it,
//   and fetching it from the TOAST table cost three page reads per match. The embedding (read
//   once per customer into the vector cache) and the text leave the row first when it is too big.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('knowledge_sources')
    .addColumn('index_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (!isPostgres(db)) return;
  await sql`alter index knowledge_passages_tsv set (fastupdate = off)`.execute(db);
  await sql`select gin_clean_pending_list('knowledge_passages_tsv'::regclass)`.execute(db);
  await sql`alter table knowledge_passages alter column tsv set storage main`.execute(db);
  await sql`alter table knowledge_passages alter column embedding set storage external`.execute(db);
}
