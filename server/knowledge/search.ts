// Knowledge search (issue 17 item 4 and 6): BM25 over the customer's passages, fused with the
// vector ranking by reciprocal rank fusion when embeddings are configured. Used by the retrieval
// test panel (POST /api/knowledge/search) and by the AI nodes' retriever.
import type { Kysely } from 'kysely';
import type { KnowledgeKind, PassageSource } from '../../src/core/api/knowledge.js';
import { cosine, queryTerms, reciprocalRankFusion, termCoverage } from '../../src/core/knowledge/index.js';
import type { Database } from '../db/schema.js';
import type { Embedder } from './embeddings.js';
import { lexicalSearch, type PassageFilter, type PassageHit } from './passage-store.js';
import { filteredVectors } from './vector-cache.js';

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
    .select(['s.id', 's.kind', 's.name', 's.title', 's.url', 'l.code as language'])
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

async function vectorRanking(
  db: Kysely<Database>,
  embedder: Embedder,
  query: string,
  filter: PassageFilter,
): Promise<PassageHit[]> {
  const [vector] = await embedder.embed([query]);
  const best = (await filteredVectors(db, filter))
    .map((v) => ({ id: v.id, similarity: cosine(vector, v.vector) }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, CANDIDATES);
  if (!best.length) return [];
  const rows = await db
    .selectFrom('knowledge_passages')
    .select(['id', 'source_id', 'text', 'heading', 'page', 'url'])
    .where(
      'id',
      'in',
      best.map((b) => b.id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return best.flatMap(({ id, similarity }) => {
    const row = byId.get(id);
    if (!row) return [];
    const { text, heading, page, url } = row;
    return [{ id, sourceId: Number(row.source_id), text, heading, page, url, score: similarity }];
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
  };
  const terms = queryTerms(options.query);
  const lexical = await lexicalSearch(db, terms, filter, CANDIDATES);
  let ranked: { hit: PassageHit; score: number }[];
  if (embedder.configured) {
    const vector = await vectorRanking(db, embedder, options.query, filter);
    ranked = reciprocalRankFusion<PassageHit>([lexical, vector], (hit) => hit.id).map((r) => ({
      hit: r.item,
      score: r.score,
    }));
  } else {
    ranked = lexical.map((hit) => ({ hit, score: hit.score }));
  }
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
