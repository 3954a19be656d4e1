// BM25 over an inverted index held in memory (issue 17: search over 10,000 passages p95 ≤ 20 ms).
// On PostgreSQL, ts_rank reads and scores every matching row's tsvector: a question with a
// common word ranks thousands of rows (12 ms of database CPU per search at 10,000 passages), and
// matching on the rarest words only (candidates.ts) lost answers that sit among many passages.
// Postings in typed arrays score every term of the question over every passage in well under a
// millisecond, with exact document frequencies in the sources searched.
//
// One index per source: a source's passages are replaced as a whole (index_version), so its index
// is built once per version and the sources searched are combined at query time.

/** One source's passages as an inverted index. */
export interface SourcePostings {
  /** Passage ids, by local index. */
  ids: Float64Array;
  /** Words (lexemes) per passage: BM25's document length. */
  lengths: Uint32Array;
  totalLength: number;
  /** The distinct lexemes, sorted (code unit order), so a prefix is a range. */
  lexemes: string[];
  /** Postings of lexemes[i]: starts[i] up to starts[i + 1]. */
  starts: Uint32Array;
  /** Local passage index of each posting. */
  docs: Uint32Array;
  /** Occurrences of the lexeme in that passage. */
  counts: Uint16Array;
}

/** A passage as its lexemes with their occurrence counts. */
export interface PassageLexemes {
  id: number;
  lexemes: ReadonlyMap<string, number>;
}

export function buildPostings(passages: readonly PassageLexemes[]): SourcePostings {
  const lists = new Map<string, number[]>();
  const lengths = new Uint32Array(passages.length);
  let totalLength = 0;
  let postings = 0;
  passages.forEach((passage, doc) => {
    for (const [lexeme, count] of passage.lexemes) {
      let list = lists.get(lexeme);
      if (!list) lists.set(lexeme, (list = []));
      list.push(doc, count);
      lengths[doc] += count;
      postings++;
    }
    totalLength += lengths[doc];
  });
  const lexemes = [...lists.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const starts = new Uint32Array(lexemes.length + 1);
  const docs = new Uint32Array(postings);
  const counts = new Uint16Array(postings);
  let at = 0;
  lexemes.forEach((lexeme, i) => {
    starts[i] = at;
    const list = lists.get(lexeme)!;
    for (let k = 0; k < list.length; k += 2) {
      docs[at] = list[k];
      counts[at] = Math.min(list[k + 1], 0xffff);
      at++;
    }
  });
  starts[lexemes.length] = at;
  return {
    ids: Float64Array.from(passages, (p) => p.id),
    lengths,
    totalLength,
    lexemes,
    starts,
    docs,
    counts,
  };
}

/** The first index of `lexemes` not below `key` (binary search). */
function lowerBound(lexemes: readonly string[], key: string): number {
  let low = 0;
  let high = lexemes.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (lexemes[mid] < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The lexeme indexes equal to `lexeme`, or starting with it when `prefix`: [from, to). */
export function lexemeRange(postings: SourcePostings, lexeme: string, prefix: boolean): [number, number] {
  const from = lowerBound(postings.lexemes, lexeme);
  if (!prefix) return postings.lexemes[from] === lexeme ? [from, from + 1] : [from, from];
  let to = from;
  while (to < postings.lexemes.length && postings.lexemes[to].startsWith(lexeme)) to++;
  return [from, to];
}

/** How one query word reads in one source: its lexemes there, matched whole or as prefixes. */
export interface WordForm {
  lexemes: readonly string[];
  prefix: boolean;
}

export interface SearchedSource {
  sourceId: number;
  postings: SourcePostings;
  /** Per query word (same order in every source), its form in this source's language. */
  words: readonly WordForm[];
}

export interface RankedPassage {
  id: number;
  sourceId: number;
  score: number;
}

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/**
 * The `limit` best passages of the sources by Okapi BM25 over every query word, best first (ties
 * by id). Document frequencies count the passages of the sources searched, so a word common in
 * another library does not weigh less here. A word matching several lexemes in a passage (a
 * prefix, or two forms) counts their occurrences together.
 */
export function rankBm25(sources: readonly SearchedSource[], limit: number): RankedPassage[] {
  let passages = 0;
  let totalLength = 0;
  for (const s of sources) {
    passages += s.postings.ids.length;
    totalLength += s.postings.totalLength;
  }
  if (!passages || limit <= 0) return [];
  const averageLength = totalLength / passages || 1;
  const wordCount = sources[0]?.words.length ?? 0;
  const scores = sources.map((s) => new Float64Array(s.postings.ids.length));
  for (let w = 0; w < wordCount; w++) {
    // Occurrences per passage of this word, per source; then its document frequency.
    const found: { source: number; docs: number[]; counts: Uint32Array }[] = [];
    let frequency = 0;
    sources.forEach((s, index) => {
      const { postings } = s;
      const form = s.words[w];
      let counts: Uint32Array | null = null;
      const docs: number[] = [];
      for (const lexeme of form.lexemes) {
        const [from, to] = lexemeRange(postings, lexeme, form.prefix);
        for (let l = from; l < to; l++) {
          for (let k = postings.starts[l]; k < postings.starts[l + 1]; k++) {
            counts ??= new Uint32Array(postings.ids.length);
            const doc = postings.docs[k];
            if (!counts[doc]) docs.push(doc);
            counts[doc] += postings.counts[k];
          }
        }
      }
      if (counts) {
        found.push({ source: index, docs, counts });
        frequency += docs.length;
      }
    });
    if (!frequency) continue;
    const idf = Math.log(1 + (passages - frequency + 0.5) / (frequency + 0.5));
    for (const { source, docs, counts } of found) {
      const { lengths } = sources[source].postings;
      const score = scores[source];
      for (const doc of docs) {
        const tf = counts[doc];
        const norm = BM25_K1 * (1 - BM25_B + (BM25_B * lengths[doc]) / averageLength);
        score[doc] += (idf * tf * (BM25_K1 + 1)) / (tf + norm);
      }
    }
  }
  // The best `limit`, kept sorted (a short array beats a heap at these sizes).
  const best: RankedPassage[] = [];
  const before = (a: RankedPassage, score: number, id: number) =>
    a.score > score || (a.score === score && a.id < id);
  sources.forEach((s, index) => {
    const score = scores[index];
    for (let doc = 0; doc < score.length; doc++) {
      if (!score[doc]) continue;
      const id = s.postings.ids[doc];
      if (best.length === limit && before(best[limit - 1], score[doc], id)) continue;
      let j = Math.min(best.length, limit - 1);
      while (j > 0 && !before(best[j - 1], score[doc], id)) j--;
      best.splice(j, 0, { id, sourceId: s.sourceId, score: score[doc] });
      if (best.length > limit) best.pop();
    }
  });
  return best;
}

/**
 * A PostgreSQL tsvector's text form ('word':1,4 'other':2A) as lexemes and their occurrence
 * counts (positions listed; 1 for a lexeme stored without positions).
 */
export function parseTsvector(text: string): Map<string, number> {
  const lexemes = new Map<string, number>();
  const entry = /'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g;
  for (let match = entry.exec(text); match; match = entry.exec(text)) {
    const lexeme =
      match[1].includes("'") || match[1].includes('\\')
        ? match[1].replace(/''/g, "'").replace(/\\(.)/g, '$1')
        : match[1];
    let positions = 1;
    const list = match[2];
    if (list) for (let i = 0; i < list.length; i++) if (list.charCodeAt(i) === 44 /* , */) positions++;
    lexemes.set(lexeme, (lexemes.get(lexeme) ?? 0) + positions);
  }
  return lexemes;
}
