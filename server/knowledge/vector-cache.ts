// The vector half of hybrid search ranks a customer's passages by cosine in the server (no
// pgvector here). Reading every embedding from the database for each query costs far more than
// the arithmetic (10,000 passages are 10 MB of blobs, copied from the SQLite worker thread), so the
// decoded vectors are kept in memory per customer, checked against a cheap stamp (count and
// highest id of the customer's embedded passages) before each use. Passage ids only grow, so any
// insert, replace or delete changes the stamp, on this server instance or another.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { decodeVector, type PassageFilter } from './passage-store.js';

interface CachedVector {
  id: number;
  sourceId: number;
  language: string | null;
  vector: Float32Array;
}

/** Customers kept at most (the least recently searched one leaves first). */
const MAX_CUSTOMERS = 32;
const caches = new WeakMap<Kysely<Database>, Map<number, { stamp: string; vectors: CachedVector[] }>>();

async function stampOf(db: Kysely<Database>, customerId: number): Promise<string> {
  const row = await db
    .selectFrom('knowledge_passages')
    .select([sql<number>`count(*)`.as('n'), sql<number | null>`max(id)`.as('top')])
    .where('customer_id', '=', customerId)
    .where('embedding', 'is not', null)
    .executeTakeFirst();
  return `${row?.n ?? 0}:${row?.top ?? 0}`;
}

async function customerVectors(db: Kysely<Database>, customerId: number): Promise<CachedVector[]> {
  let byCustomer = caches.get(db);
  if (!byCustomer) caches.set(db, (byCustomer = new Map()));
  const stamp = await stampOf(db, customerId);
  const cached = byCustomer.get(customerId);
  if (cached?.stamp === stamp) {
    byCustomer.delete(customerId);
    byCustomer.set(customerId, cached);
    return cached.vectors;
  }
  const rows = await db
    .selectFrom('knowledge_passages')
    .select(['id', 'source_id', 'language', 'embedding'])
    .where('customer_id', '=', customerId)
    .where('embedding', 'is not', null)
    .execute();
  const vectors = rows.map((r) => ({
    id: Number(r.id),
    sourceId: Number(r.source_id),
    language: r.language,
    vector: decodeVector(r.embedding!),
  }));
  byCustomer.delete(customerId);
  byCustomer.set(customerId, { stamp, vectors });
  if (byCustomer.size > MAX_CUSTOMERS) byCustomer.delete(byCustomer.keys().next().value!);
  return vectors;
}

/** The embedded passages a search may use (by the filter's sources and language). */
export async function filteredVectors(db: Kysely<Database>, filter: PassageFilter): Promise<CachedVector[]> {
  if (filter.sourceIds?.length === 0) return [];
  const sources = filter.sourceIds ? new Set(filter.sourceIds) : null;
  return (await customerVectors(db, filter.customerId)).filter(
    (v) =>
      (!sources || sources.has(v.sourceId)) &&
      (!filter.language || v.language === null || v.language === filter.language),
  );
}
