// The passages of the index and their full-text search, spelled per database: SQLite keeps an
// FTS5 table beside knowledge_passages (rowid = passage id) ranked by bm25(); PostgreSQL keeps a
// tsvector column with a GIN index ranked by ts_rank. Replacing a source's passages happens in
// one transaction, so a search sees the old passages or the new ones, never half of each.
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Passage } from '../../src/core/knowledge/index.js';
import { foldText } from '../../src/core/knowledge/index.js';
import { isPostgres } from '../db/dialect.js';
import type { Database, KnowledgePassageTable } from '../db/schema.js';

/** The PostgreSQL text search configurations of the product's languages (by language code). */
export const PG_CONFIGS: Record<string, string> = {
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
      .set({
        status: 'processed',
        error: null,
        passages: passages.length,
        index_version: sql`index_version + 1`,
        updated_at: now,
      })
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
      .set({
        is_deleted: 1,
        passages: 0,
        generation: sql`generation + 1`,
        index_version: sql`index_version + 1`,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await removePassages(trx, id);
    return true;
  });
}
