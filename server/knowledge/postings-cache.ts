// BM25 on PostgreSQL, scored in the server over an inverted index kept in memory per source
// (src/core/knowledge/bm25.ts explains why). The index is built from the passages' tsvector
// column, so PostgreSQL's language-aware parsing and stemming stay the ones the passages were
// indexed with, and a query's words are stemmed by PostgreSQL too (wordLexemes). Like the vector
// cache, each source's index is keyed by its index_version, read with the source rows the search
// needs anyway: no extra query checks freshness, and an instance never ranks by passages another
// instance has since replaced.
import { sql, type Kysely } from 'kysely';
import {
  buildPostings,
  parseTsvector,
  rankBm25,
  type RankedPassage,
  type SourcePostings,
} from '../../src/core/knowledge/index.js';
import type { Database } from '../db/schema.js';
import { configOf } from './passage-store.js';
import { wordLexemes } from './term-statistics.js';

/** A source a search may use, as read from knowledge_sources. */
export interface IndexedSource {
  id: number;
  indexVersion: number;
  /** The source's language code (its passages'); null: none. */
  language: string | null;
  /** Its processed passages. */
  passages: number;
}

/**
 * Passages kept in memory at most, over all sources (about 80 postings and 3 KB of memory each);
 * least recently searched sources leave first.
 */
export const MAX_CACHED_PASSAGES = 60_000;
/**
 * A search over more passages than this ranks in the database instead (ts_rank, lexical-search.ts):
 * the first search after a change reads every searched passage's tsvector to build the index.
 */
export const MAX_RANKED_IN_MEMORY = 30_000;

interface CachedSource {
  version: number;
  postings: SourcePostings;
}

const caches = new WeakMap<Kysely<Database>, { sources: Map<number, CachedSource>; size: number }>();

/** The sources' indexes, loading the missing ones or those of an older version in one query. */
async function sourcePostings(
  db: Kysely<Database>,
  sources: readonly IndexedSource[],
): Promise<Map<number, SourcePostings>> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { sources: new Map(), size: 0 }));
  const stale = sources.filter((s) => cache.sources.get(s.id)?.version !== s.indexVersion);
  if (stale.length) {
    const { rows } = await sql<{ id: string | number; source_id: string | number; tsv: string }>`
      select id, source_id, tsv::text as tsv from knowledge_passages
      where source_id in (${sql.join(stale.map((s) => s.id))})
      order by source_id, id`.execute(db);
    const bySource = new Map<number, { id: number; lexemes: Map<string, number> }[]>();
    for (const r of rows) {
      const list = bySource.get(Number(r.source_id)) ?? [];
      list.push({ id: Number(r.id), lexemes: parseTsvector(r.tsv) });
      bySource.set(Number(r.source_id), list);
    }
    for (const s of stale) {
      cache.size -= cache.sources.get(s.id)?.postings.ids.length ?? 0;
      const postings = buildPostings(bySource.get(s.id) ?? []);
      cache.sources.set(s.id, { version: s.indexVersion, postings });
      cache.size += postings.ids.length;
    }
  }
  const found = new Map<number, SourcePostings>();
  for (const s of sources) {
    const cached = cache.sources.get(s.id)!;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    cache.sources.delete(s.id);
    cache.sources.set(s.id, cached);
    found.set(s.id, cached.postings);
  }
  for (const [id, cached] of cache.sources) {
    if (cache.size <= MAX_CACHED_PASSAGES || found.has(id)) break;
    cache.sources.delete(id);
    cache.size -= cached.postings.ids.length;
  }
  return found;
}

/** Whether a search over these sources ranks in memory (else in the database). */
export const ranksInMemory = (sources: readonly IndexedSource[]) =>
  sources.reduce((sum, s) => sum + s.passages, 0) <= MAX_RANKED_IN_MEMORY;

/** The best `limit` passages of the sources for the (folded) words by BM25, best first. */
export async function rankPassages(
  db: Kysely<Database>,
  sources: readonly IndexedSource[],
  words: readonly string[],
  limit: number,
): Promise<RankedPassage[]> {
  if (!sources.length || !words.length) return [];
  const configs = [...new Set(sources.map((s) => configOf(s.language)))];
  const [postings, lexemes] = await Promise.all([
    sourcePostings(db, sources),
    wordLexemes(
      db,
      words,
      configs.filter((c) => c !== 'simple'),
    ),
  ]);
  // Each configuration's forms of the words, shared by its sources. 'simple' (passages of no
  // language) does not stem: a word matches as a prefix instead, so "return" still finds "returned".
  const forms = new Map(
    configs.map((config) => [
      config,
      words.map((word) =>
        config === 'simple'
          ? { lexemes: [word], prefix: true }
          : { lexemes: lexemes(config, word), prefix: false },
      ),
    ]),
  );
  return rankBm25(
    sources.map((s) => ({
      sourceId: s.id,
      postings: postings.get(s.id)!,
      words: forms.get(configOf(s.language))!,
    })),
    limit,
  );
}
