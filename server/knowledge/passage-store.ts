// The passages of the index and their full-text search, spelled per database: SQLite keeps an
// FTS5 table beside knowledge_passages (rowid = passage id) ranked by bm25(); PostgreSQL keeps a
// tsvector column with a GIN index ranked by ts_rank_cd. Replacing a source's passages happens in
// one transaction, so a search sees the old passages or the new ones, never half of each.
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Passage } from '../../src/core/knowledge/index.js';
import { foldText } from '../../src/core/knowledge/index.js';
import { isPostgres } from '../db/dialect.js';
import type { Database, KnowledgePassageTable } from '../db/schema.js';

/** The PostgreSQL text search configurations of the product's languages (by language code). */
const PG_CONFIGS: Record<string, string> = {
  ar: 'arabic',
  en: 'english',
  fr: 'french',
  de: 'german',
  es: 'spanish',
};
/** The configuration a source's passages are indexed with, by its language code. */
export const configOf = (language: string | null | undefined) => PG_CONFIGS[language ?? ''] ?? 'simple';

export interface IndexedPassage extends Passage {
  embedding: Float32Array | null;
}

export function encodeVector(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

export function decodeVector(blob: Uint8Array): Float32Array {
  // Copied: a Buffer's bytes may not sit at a 4-byte aligned offset of their ArrayBuffer.
  const copy = new Uint8Array(blob.byteLength);
  copy.set(blob);
  return new Float32Array(copy.buffer);
}

async function removePassages(trx: Transaction<Database>, sourceId: number): Promise<void> {
  if (!isPostgres(trx)) {
    await sql`delete from knowledge_fts where rowid in (select id from knowledge_passages where source_id = ${sourceId})`.execute(
      trx,
    );
  }
  await trx.deleteFrom('knowledge_passages').where('source_id', '=', sourceId).execute();
}

/**
 * Replaces the source's passages with `passages` when the source is still on run `generation`
 * (a newer run or a delete wins); the new passage count, or null when the run was superseded.
 */
export async function replacePassages(
  db: Kysely<Database>,
  source: { id: number; customerId: number; generation: number; language: string | null },
  passages: readonly IndexedPassage[],
  now: number,
): Promise<number | null> {
  const pg = isPostgres(db);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('knowledge_sources')
      .set({ status: 'processed', error: null, passages: passages.length, updated_at: now })
      .where('id', '=', source.id)
      .where('generation', '=', source.generation)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return null;
    await removePassages(trx, source.id);
    const config = configOf(source.language);
    // Batches keep each statement well under both databases' parameter limits.
    for (let at = 0; at < passages.length; at += 200) {
      const batch = passages.slice(at, at + 200);
      const rows = batch.map((p) => ({
        source_id: source.id,
        customer_id: source.customerId,
        position: p.position,
        text: p.text,
        // The column holds 500 characters; a heading longer than that is a line of badges.
        heading: p.heading?.slice(0, 500) ?? null,
        page: p.page,
        url: p.url,
        language: source.language,
        embedding: p.embedding ? encodeVector(p.embedding) : null,
        ...(pg
          ? { tsv: sql`to_tsvector(${config}::regconfig, ${foldText(`${p.heading ?? ''}\n${p.text}`)})` }
          : {}),
      }));
      // The tsvector column exists on PostgreSQL only, so the table type leaves it out.
      const inserted = await trx
        .insertInto('knowledge_passages')
        .values(rows as unknown as Insertable<KnowledgePassageTable>[])
        .returning('id')
        .execute();
      if (!pg) {
        for (let i = 0; i < inserted.length; i++) {
          await sql`insert into knowledge_fts (rowid, text, heading) values (${inserted[i].id}, ${batch[i].text}, ${batch[i].heading ?? ''})`.execute(
            trx,
          );
        }
      }
    }
    return passages.length;
  });
}

/** Marks the source deleted and removes its passages, in one transaction. */
export async function deleteSource(db: Kysely<Database>, customerId: number, id: number, now: number) {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('knowledge_sources')
      .set({ is_deleted: 1, passages: 0, generation: sql`generation + 1`, updated_at: now })
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await removePassages(trx, id);
    return true;
  });
}

/** Which of the customer's passages a search may use: sources by id, and a language. */
export interface PassageFilter {
  customerId: number;
  /** Source ids; undefined: all of the customer's sources. */
  sourceIds?: number[];
  /** A language code: passages of that language or of none. */
  language?: string;
  /**
   * The language codes of the sources searched (null: no language): a query is matched in each
   * of their text search configurations, and only those (PostgreSQL).
   */
  sourceLanguages?: (string | null)[];
}

export interface PassageHit {
  id: number;
  sourceId: number;
  text: string;
  heading: string | null;
  page: number | null;
  url: string | null;
  score: number;
}

/** The FTS5 query of the terms: any of them (OR), each quoted so no word reads as an operator. */
const ftsQuery = (terms: readonly string[]) => terms.map((t) => `"${t.replace(/"/g, '')}"`).join(' OR ');
/** The terms OR-ed for to_tsquery (`suffix` ':*' makes them prefixes). */
const tsQueryText = (terms: readonly string[], suffix = '') =>
  terms
    .map((t) => t.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean)
    .map((t) => t + suffix)
    .join(' | ');

function queryConfigs(filter: PassageFilter): string[] {
  const all = filter.sourceLanguages ?? [null, ...Object.keys(PG_CONFIGS)];
  return [...new Set(all.map(configOf))];
}

/** The best `limit` passages for the (folded) terms by BM25, best first. */
export async function lexicalSearch(
  db: Kysely<Database>,
  terms: readonly string[],
  filter: PassageFilter,
  limit: number,
): Promise<PassageHit[]> {
  if (!terms.length || filter.sourceIds?.length === 0) return [];
  const sources = filter.sourceIds ? sql`and p.source_id in (${sql.join(filter.sourceIds)})` : sql``;
  const language = filter.language ? sql`and (p.language is null or p.language = ${filter.language})` : sql``;
  if (isPostgres(db)) {
    const text = tsQueryText(terms);
    if (!text) return [];
    // 'simple' (passages of no language) does not stem: its words match as prefixes instead, so
    // "return" still finds "returned".
    const prefixes = tsQueryText(terms, ':*');
    const query = sql.join(
      queryConfigs(filter).map((config) =>
        config === 'simple'
          ? sql`to_tsquery('simple'::regconfig, ${prefixes})`
          : sql`to_tsquery(${config}::regconfig, ${text})`,
      ),
      sql` || `,
    );
    const rows = await sql<PassageHit>`
      with q as (select (${query}) as query)
      select p.id, p.source_id as "sourceId", p.text, p.heading, p.page, p.url,
             ts_rank_cd(p.tsv, q.query, 1) as score
      from knowledge_passages p, q
      where p.tsv @@ q.query and p.customer_id = ${filter.customerId} ${sources} ${language}
      order by score desc, p.id
      limit ${limit}`.execute(db);
    return rows.rows.map((r) => ({
      ...r,
      id: Number(r.id),
      sourceId: Number(r.sourceId),
      score: Number(r.score),
    }));
  }
  const rows = await sql<PassageHit>`
    select p.id, p.source_id as sourceId, p.text, p.heading, p.page, p.url, -bm25(knowledge_fts, 1.0, 0.5) as score
    from knowledge_fts f join knowledge_passages p on p.id = f.rowid
    where knowledge_fts match ${ftsQuery(terms)} and p.customer_id = ${filter.customerId} ${sources} ${language}
    order by score desc, p.id
    limit ${limit}`.execute(db);
  return rows.rows;
}
