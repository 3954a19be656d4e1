// How many passages hold a term, estimated on PostgreSQL from the statistics ANALYZE (run by
// autovacuum) keeps of the tsvector column: the share of rows holding each of its most common
// lexemes; a lexeme not listed is rarer than the least common listed one. Counting the matches
// instead would read every matching row — the cost the estimate is here to avoid. Reading pg_stats
// costs tens of ms on a busy server, so the figures are kept for a minute (they only choose which
// terms a search matches on; see matchTerms), and each word's lexemes (stemming is fixed per text
// search configuration) are kept too.
import { sql, type Kysely } from 'kysely';
import type { TermFrequency } from '../../src/core/knowledge/index.js';
import type { Database } from '../db/schema.js';

interface LexemeStatistics {
  at: number;
  /** Share of passages holding each common lexeme. */
  shares: Map<string, number>;
  /** The share of a lexeme not listed (half the least common listed one). */
  rare: number;
  passages: number;
}

const STATISTICS_MS = 60_000;
const MAX_STEMS = 10_000;
const statistics = new WeakMap<Kysely<Database>, LexemeStatistics>();
/** `config:word` → the word's lexemes in that configuration. */
const stems = new Map<string, string[]>();

async function lexemeStatistics(db: Kysely<Database>): Promise<LexemeStatistics> {
  const cached = statistics.get(db);
  if (cached && Date.now() - cached.at < STATISTICS_MS) return cached;
  const { rows } = await sql<{ elems: string[] | null; freqs: number[] | null; passages: number }>`
    select (select most_common_elems::text::text[] from pg_stats
             where schemaname = current_schema() and tablename = 'knowledge_passages' and attname = 'tsv') as elems,
           (select most_common_elem_freqs from pg_stats
             where schemaname = current_schema() and tablename = 'knowledge_passages' and attname = 'tsv') as freqs,
           (select greatest(reltuples, 0) from pg_class where oid = 'knowledge_passages'::regclass) as passages`.execute(
    db,
  );
  const { elems, freqs, passages } = rows[0];
  const shares = new Map((elems ?? []).map((lexeme, i) => [lexeme, Number(freqs![i])]));
  // After one share per lexeme, most_common_elem_freqs holds the least and greatest share.
  const rare = elems?.length ? Number(freqs![elems.length]) / 2 : 0;
  const fresh = { at: Date.now(), shares, rare, passages: Number(passages) };
  statistics.set(db, fresh);
  return fresh;
}

/**
 * Each word's lexemes per text search configuration (`lexemes(config, word)`), from PostgreSQL's
 * own parser and stemmer, so a query stems the way the passages were indexed. Words not seen
 * before are asked in one query; the answers are kept.
 */
export async function wordLexemes(
  db: Kysely<Database>,
  words: readonly string[],
  configs: readonly string[],
) {
  const missing = configs.flatMap((config) =>
    words.filter((word) => !stems.has(`${config}:${word}`)).map((word) => ({ config, word })),
  );
  if (missing.length) {
    const { rows } = await sql<{ config: string; word: string; lexemes: string[] }>`
      select m.config, m.word, tsvector_to_array(to_tsvector(m.config::regconfig, m.word)) as lexemes
      from unnest(${missing.map((m) => m.config)}::text[], ${missing.map((m) => m.word)}::text[]) as m(config, word)`.execute(
      db,
    );
    for (const r of rows) stems.set(`${r.config}:${r.word}`, r.lexemes);
    while (stems.size > MAX_STEMS) stems.delete(stems.keys().next().value!);
  }
  return (config: string, word: string) => stems.get(`${config}:${word}`) ?? [];
}

/**
 * Passages holding each word in any of the configurations (0 when there are no statistics yet),
 * and the table's passages.
 */
export async function postgresFrequencies(
  db: Kysely<Database>,
  words: readonly string[],
  configs: readonly string[],
): Promise<{ frequencies: TermFrequency[]; total: number }> {
  const stats = await lexemeStatistics(db);
  if (!stats.shares.size) return { frequencies: words.map((term) => ({ term, passages: 0 })), total: 0 };
  const lexemes = await wordLexemes(db, words, configs);
  const frequencies = words.map((term) => {
    const shares = configs
      .flatMap((config) => lexemes(config, term))
      .map((l) => stats.shares.get(l) ?? stats.rare);
    return { term, passages: Math.ceil(Math.max(0, ...shares) * stats.passages) };
  });
  return { frequencies, total: stats.passages };
}
