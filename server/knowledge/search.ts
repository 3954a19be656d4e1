// Knowledge search (issue 17 item 4 and 6): BM25 over the customer's passages, fused with the
// vector ranking by reciprocal rank fusion when embeddings are configured. Used by the retrieval
// test panel (POST /api/knowledge/search) and by the AI nodes' retriever.
import type { Kysely } from 'kysely';
import type { KnowledgeKind, PassageSource } from '../../src/core/api/knowledge.js';
import {
  queryTerms,
  reciprocalRankFusion,
  termCoverage,
  type RankedPassage,
} from '../../src/core/knowledge/index.js';
import type { Database } from '../db/schema.js';
import type { Embedder } from './embeddings.js';
import {
  hasText,
  lexicalSearch,
  type LexicalHit,
  type PassageFilter,
  type PassageHit,
} from './lexical-search.js';
import { nearestPassages, type VersionedSource } from './vector-cache.js';

export interface SearchOptions {
  customerId: number;
  query: string;
  language?: string;
  /** Source ids per kind; undefined: all of the customer's sources. */
  sources?: Partial<Record<'files' | 'links' | 'videos', number[]>>;
  limit?: number;
}

export interface FoundPassage {
  text: string;
  snippet: string;
  score: number;
  /** Share of the query's words the passage holds (see termCoverage). */
  coverage: number;
  source: PassageSource;
}

/** How many candidates each ranking offers the fusion. */
const CANDIDATES = 50;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The passages HTML-escaped, with the query's words (and words starting with them) in <mark>: the
 * pattern is compiled once per search, not per passage.
 */
export function highlighter(terms: readonly string[]): (text: string) => string {
  if (!terms.length) return escapeHtml;
  const words = terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])((?:${words})[\\p{L}\\p{N}]*)`, 'giu');
  return (text) => escapeHtml(text).replace(pattern, '<mark>$1</mark>');
}

/** The customer's source ids of the wanted kinds (the ids the client sent, kept only if theirs). */
async function allowedSources(db: Kysely<Database>, options: SearchOptions) {
  let query = db
    .selectFrom('knowledge_sources as s')
    .leftJoin('languages as l', 'l.id', 's.language')
    .select([
      's.id',
      's.kind',
      's.name',
      's.title',
      's.url',
      's.index_version',
      's.passages',
      'l.code as language',
    ])
    .where('s.customer_id', '=', options.customerId)
    .where('s.is_deleted', '=', 0);
  if (options.sources) {
    const { files = [], links = [], videos = [] } = options.sources;
    const ids = [...files, ...links, ...videos];
    if (!ids.length) return [];
    query = query.where('s.id', 'in', ids);
  }
  const rows = await query.execute();
  if (!options.sources) return rows;
  const wanted: Record<KnowledgeKind, Set<number>> = {
    file: new Set(options.sources.files),
    link: new Set(options.sources.links),
    video: new Set(options.sources.videos),
  };
  return rows.filter((row) => wanted[row.kind].has(row.id));
}

/** The text and place of the ranked passages that reach the answer without them. */
async function passageRows(
  db: Kysely<Database>,
  ranked: readonly RankedPassage[],
): Promise<Map<number, PassageHit>> {
  if (!ranked.length) return new Map();
  const rows = await db
    .selectFrom('knowledge_passages')
    .select(['id', 'source_id', 'text', 'heading', 'page', 'url'])
    .where(
      'id',
      'in',
      ranked.map((h) => h.id),
    )
    .execute();
  const score = new Map(ranked.map((h) => [h.id, h.score]));
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        sourceId: Number(r.source_id),
        text: r.text,
        heading: r.heading,
        page: r.page,
        url: r.url,
        score: score.get(Number(r.id)) ?? 0,
      },
    ]),
  );
}

/** BM25 and vector ranks fused by RRF: the best `limit`, with their fused scores. */
async function hybridRanking(
  db: Kysely<Database>,
  embedding: ReturnType<Embedder['embed']>,
  options: SearchOptions,
  lexical: readonly LexicalHit[],
  sources: readonly VersionedSource[],
  limit: number,
): Promise<{ hit: LexicalHit; score: number }[]> {
  const [vector] = await embedding;
  const nearest = await nearestPassages(db, sources, options, Float32Array.from(vector), CANDIDATES);
  const lexicalById = new Map(lexical.map((hit) => [hit.id, hit]));
  const vectorHits: RankedPassage[] = nearest.map((h) => ({
    id: h.id,
    sourceId: h.sourceId,
    score: h.similarity,
  }));
  return reciprocalRankFusion<LexicalHit>([lexical, vectorHits], (hit) => hit.id)
    .slice(0, limit)
    .map(({ item, score }) => ({ hit: lexicalById.get(item.id) ?? item, score }));
}

export async function searchKnowledge(
  db: Kysely<Database>,
  embedder: Embedder,
  options: SearchOptions,
): Promise<{ mode: 'bm25' | 'hybrid'; passages: FoundPassage[] }> {
  const mode = embedder.configured ? 'hybrid' : 'bm25';
  const limit = options.limit ?? 5;
  // The question is embedded while the database answers (an embeddings API is the slowest step).
  const embedding = embedder.configured ? embedder.embed([options.query]) : null;
  // Not awaited when nothing is searched; its failure then is nobody's to report.
  embedding?.catch(() => {});
  const sources = await allowedSources(db, options);
  if (!sources.length) return { mode, passages: [] };
  const byId = new Map(sources.map((s) => [Number(s.id), s]));
  const filter: PassageFilter = {
    customerId: options.customerId,
    sourceIds: options.sources ? [...byId.keys()] : undefined,
    language: options.language,
    sourceLanguages: [...new Set(sources.map((s) => s.language))],
    passages: sources.reduce((sum, s) => sum + s.passages, 0),
    sources: sources.map((s) => ({
      id: Number(s.id),
      indexVersion: s.index_version,
      language: s.language,
      passages: s.passages,
    })),
  };
  const terms = queryTerms(options.query);
  const lexical = await lexicalSearch(db, terms, filter, CANDIDATES);
  const versioned = sources.map((s) => ({ id: Number(s.id), indexVersion: s.index_version }));
  const ranked = embedder.configured
    ? await hybridRanking(db, embedding!, options, lexical, versioned, limit)
    : lexical.slice(0, limit).map((hit) => ({ hit, score: hit.score }));
  // Only the passages of the answer are read, when the ranking did not read them already (the
  // in-memory BM25 and the vector ranking know ids only).
  const read = await passageRows(
    db,
    ranked.map((r) => r.hit).filter((hit) => !hasText(hit)),
  );
  const found = ranked.flatMap(({ hit, score }) => {
    const full = hasText(hit) ? hit : read.get(hit.id);
    return full ? [{ hit: full, score }] : [];
  });
  const mark = highlighter(terms);
  return {
    mode,
    passages: found.map(({ hit, score }) => {
      const source = byId.get(hit.sourceId)!;
      return {
        text: hit.text,
        snippet: mark(hit.text),
        score: Math.round(score * 10_000) / 10_000,
        coverage: termCoverage(terms, `${hit.heading ?? ''} ${hit.text}`),
        source: {
          kind: source.kind,
          id: Number(source.id),
          name: source.title ?? source.name,
          ...((hit.url ?? (source.kind !== 'file' && source.url)) ? { url: hit.url ?? source.url! } : {}),
          ...(hit.page !== null ? { page: hit.page } : {}),
          ...(hit.heading ? { heading: hit.heading } : {}),
        },
      };
    }),
  };
}
