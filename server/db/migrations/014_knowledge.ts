import { sql, type Kysely } from 'kysely';
import { autoId, isPostgres } from '../dialect.js';

// Knowledge sources (spec 3, issue 17): a customer's files, links and videos, the passages their
// text is cut into, and the questions no passage answered (knowledge gaps).
//
// Search is lexical on both databases — SQLite FTS5 ranked by bm25(), PostgreSQL tsvector + GIN
// ranked by ts_rank_cd — with embeddings kept beside each passage as a Float32 blob (bytea). The
// PostgreSQL servers this runs on have no pgvector, so vectors are ranked in the server: one
// customer's passages are few enough (tens of thousands) for a linear cosine scan, and a blob
// column works the same on SQLite, which has no vector type either.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const id = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('knowledge_sources')
    .addColumn('id', id, autoId(db))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** file, link or video. */
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    /** A language id (files); null: any language. */
    .addColumn('language', 'integer')
    .addColumn('filename', 'varchar(255)')
    /** pdf or txt (files). */
    .addColumn('file_type', 'varchar(8)')
    /** JSON text: tags (files). */
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    /** The link or video address; the stored copy of an uploaded file (/knowledge/…). */
    .addColumn('url', 'text')
    .addColumn('recursive', 'integer', (c) => c.notNull().defaultTo(0))
    /** The link's page title or the video's title, once known. */
    .addColumn('title', 'varchar(500)')
    /** queued, extracting, indexing, processed or failed. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('error', 'text')
    /** JSON text: the crawl report of a link. */
    .addColumn('report', 'text')
    /** A video without captions waits for a pasted transcript. */
    .addColumn('needs_transcript', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('transcript', 'text')
    /** Bumped by every (re)processing: the job of an older run finds it changed and stops. */
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('passages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('knowledge_sources_customer')
    .on('knowledge_sources')
    .columns(['customer_id', 'kind'])
    .execute();

  await db.schema
    .createTable('knowledge_passages')
    .addColumn('id', id, autoId(db))
    .addColumn('source_id', id, (c) => c.notNull().references('knowledge_sources.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('heading', 'varchar(500)')
    .addColumn('page', 'integer')
    .addColumn('url', 'text')
    /** The language code of the source; null: any language. */
    .addColumn('language', 'varchar(8)')
    /** Float32 little-endian, when EMBEDDINGS_MODEL is set. */
    .addColumn('embedding', pg ? 'bytea' : 'blob')
    .execute();
  await db.schema
    .createIndex('knowledge_passages_customer')
    .on('knowledge_passages')
    .columns(['customer_id', 'source_id'])
    .execute();

  if (pg) {
    // Filled on insert with the source language's text search configuration (accents folded in
    // code, see src/core/knowledge/terms.ts).
    await sql`alter table knowledge_passages add column tsv tsvector not null`.execute(db);
    await sql`create index knowledge_passages_tsv on knowledge_passages using gin (tsv)`.execute(db);
  } else {
    // rowid = knowledge_passages.id; Porter stems English, remove_diacritics folds accents.
    await sql`create virtual table knowledge_fts using fts5(text, heading, tokenize = 'porter unicode61 remove_diacritics 2')`.execute(
      db,
    );
  }

  await db.schema
    .createTable('knowledge_gaps')
    .addColumn('id', id, autoId(db))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bot_id', 'integer')
    /** The question folded (lower case, no accents, single spaces): one row per question. */
    .addColumn('question_key', 'varchar(500)', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_asked_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('knowledge_gaps_question', ['customer_id', 'question_key'])
    .execute();
}
