// Knowledge search (issue 17 item 4 and 6): BM25 over the customer's passages, fused with the
// vector ranking by reciprocal rank fusion when embeddings are configured. Used by the retrieval
// test panel (POST /api/knowledge/search) and by the AI nodes' retriever.
import type { Kysely } from 'kysely';
import type { KnowledgeKind, PassageSource } from '../../src/core/api/knowledge.js';
import { queryTerms, reciprocalRankFusion, termCoverage } from '../../src/core/knowledge/index.js';
import type { Database } from '../db/schema.js';
import type { Embedder } from './embeddings.js';
import { lexicalSearch, type PassageFilter, type PassageHit } from './lexical-search.js';
import { nearestPassages, type VectorHit, type VersionedSource } from './vector-cache.js';

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

/** The passage HTML-escaped, with the query's words (and words starting with them) in <mark>. */
export function highlight(text: string, terms: readonly string[]): string {
  const escaped = escapeHtml(text);
  if (!terms.length) return escaped;
  const words = terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return escaped.replace(
    new RegExp(`(?<![\\p{L}\\p{N}])((?:${words})[\\p{L}\\p{N}]*)`, 'giu'),
    '<mark>$1</mark>',
  );
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

/** The passages' text and place, for the hits of the vector ranking that made the result. */
async function passageRows(
  db: Kysely<Database>,
  hits: readonly VectorHit[],
): Promise<Map<number, PassageHit>> {
  if (!hits.length) return new Map();
  const rows = await db
    .selectFrom('knowledge_passages')
    .select(['id', 'source_id', 'text', 'heading', 'page', 'url'])
    .where(
      'id',
      'in',
      hits.map((h) => h.id),
    )
    .execute();
  const similarity = new Map(hits.map((h) => [h.id, h.similarity]));
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
        score: similarity.get(Number(r.id)) ?? 0,
      },
    ]),
  );
}

/**
 * BM25 and vector ranks fused by RRF. Only the vector hits that make the top `limit` and were not
 * found by BM25 are read from the database (the others never reach the answer).
 */
async function hybridRanking(
  db: Kysely<Database>,
  embedder: Embedder,
  options: SearchOptions,
  lexical: PassageHit[],
  sources: readonly VersionedSource[],
  limit: number,
): Promise<{ hit: PassageHit; score: number }[]> {
  const [vector] = await embedder.embed([options.query]);
  const nearest = await nearestPassages(db, sources, options, Float32Array.from(vector), CANDIDATES);
  const lexicalById = new Map(lexical.map((hit) => [hit.id, hit]));
  const fused = reciprocalRankFusion<{ id: number }>([lexical, nearest], (hit) => hit.id).slice(0, limit);
  const missing = nearest.filter(
    (hit) => !lexicalById.has(hit.id) && fused.some((f) => f.item.id === hit.id),
  );
  const read = await passageRows(db, missing);
  return fused.flatMap(({ item, score }) => {
    const hit = lexicalById.get(item.id) ?? read.get(item.id);
    return hit ? [{ hit, score }] : [];
  });
}

export async function searchKnowledge(
  db: Kysely<Database>,
  embedder: Embedder,
  options: SearchOptions,
): Promise<{ mode: 'bm25' | 'hybrid'; passages: FoundPassage[] }> {
  const mode = embedder.configured ? 'hybrid' : 'bm25';
  const limit = options.limit ?? 5;
  const sources = await allowedSources(db, options);
  if (!sources.length) return { mode, passages: [] };
  const byId = new Map(sources.map((s) => [Number(s.id), s]));
  const filter: PassageFilter = {
    customerId: options.customerId,
    sourceIds: options.sources ? [...byId.keys()] : undefined,
    language: options.language,
    sourceLanguages: [...new Set(sources.map((s) => s.language))],
    passages: sources.reduce((sum, s) => sum + s.passages, 0),
  };
  const terms = queryTerms(options.query);
  const lexical = await lexicalSearch(db, terms, filter, CANDIDATES);
  const versioned = sources.map((s) => ({ id: Number(s.id), indexVersion: s.index_version }));
  const ranked = embedder.configured
    ? await hybridRanking(db, embedder, options, lexical, versioned, limit)
    : lexical.map((hit) => ({ hit, score: hit.score }));
  return {
    mode,
    passages: ranked.slice(0, limit).map(({ hit, score }) => {
      const source = byId.get(hit.sourceId)!;
      return {
        text: hit.text,
        snippet: highlight(hit.text, terms),
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
