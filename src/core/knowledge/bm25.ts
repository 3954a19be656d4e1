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
  // The sources' passages side by side: passage `doc` of source i is number bases[i] + doc.
  const bases = new Uint32Array(sources.length + 1);
  let totalLength = 0;
  sources.forEach((s, i) => {
    bases[i + 1] = bases[i] + s.postings.ids.length;
    totalLength += s.postings.totalLength;
  });
  const passages = bases[sources.length];
  if (!passages || limit <= 0) return [];
  const averageLength = totalLength / passages || 1;
  const { scores, occurrences, holding } = scratch(passages);
  const wordCount = sources[0]?.words.length ?? 0;
  for (let w = 0; w < wordCount; w++) {
    let frequency = 0;
    for (let i = 0; i < sources.length; i++) {
      const { postings, words } = sources[i];
      const { starts, docs, counts } = postings;
      const base = bases[i];
      for (const lexeme of words[w].lexemes) {
        const [from, to] = lexemeRange(postings, lexeme, words[w].prefix);
        for (let k = starts[from]; k < starts[to]; k++) {
          const at = base + docs[k];
          if (!occurrences[at]) holding[frequency++] = at;
          occurrences[at] += counts[k];
        }
      }
    }
    if (!frequency) continue;
    const idf = Math.log(1 + (passages - frequency + 0.5) / (frequency + 0.5));
    let source = 0;
    for (let h = 0; h < frequency; h++) {
      const at = holding[h];
      while (at >= bases[source + 1]) source++;
      if (at < bases[source]) source = upperSource(bases, at);
      const tf = occurrences[at];
      occurrences[at] = 0;
      const length = sources[source].postings.lengths[at - bases[source]];
      const norm = BM25_K1 * (1 - BM25_B + (BM25_B * length) / averageLength);
      scores[at] += (idf * tf * (BM25_K1 + 1)) / (tf + norm);
    }
  }
  // The best `limit`, kept sorted (a short array beats a heap at these sizes).
  const best: RankedPassage[] = [];
  let source = 0;
  for (let at = 0; at < passages; at++) {
    const score = scores[at];
    if (!score) continue;
    while (at >= bases[source + 1]) source++;
    const id = sources[source].postings.ids[at - bases[source]];
    if (best.length === limit && !ranksBefore(score, id, best[limit - 1])) continue;
    let j = Math.min(best.length, limit - 1);
    while (j > 0 && ranksBefore(score, id, best[j - 1])) j--;
    best.splice(j, 0, { id, sourceId: sources[source].sourceId, score });
    if (best.length > limit) best.pop();
  }
  return best;
}

/**
 * Working arrays kept between searches (a search runs start to end without awaiting, so one set
 * serves every search): allocating them per search made the garbage collector a third of the cost.
 */
let kept = { scores: new Float64Array(0), occurrences: new Uint32Array(0), holding: new Uint32Array(0) };

function scratch(passages: number) {
  if (kept.scores.length < passages) {
    const size = Math.max(passages, kept.scores.length * 2);
    kept = {
      scores: new Float64Array(size),
      occurrences: new Uint32Array(size),
      holding: new Uint32Array(size),
    };
  } else kept.scores.fill(0, 0, passages);
  // occurrences is left at zero by every search; holding is written before it is read.
  return kept;
}

const ranksBefore = (score: number, id: number, other: RankedPassage) =>
  score > other.score || (score === other.score && id < other.id);

/** The source of passage number `at` (bases: each source's first number, then the total). */
function upperSource(bases: Uint32Array, at: number): number {
  let low = 0;
  let high = bases.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (bases[mid] <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * A PostgreSQL tsvector's text form ('word':1,4 'other':2A) as lexemes and their occurrence
 * counts (positions listed; 1 for a lexeme stored without positions).
 */
export function parseTsvector(text: string): Map<string, number> {
  // A hand-written scan, 1.3–2 times as fast as a regular expression with captures: the first
  // search after a restart (or a change) reads every passage searched.
  const lexemes = new Map<string, number>();
  const end = text.length;
  let at = 0;
  while (at < end) {
    if (text.charCodeAt(at) !== QUOTE) {
      at++;
      continue;
    }
    const start = ++at;
    let escaped = false;
    while (at < end) {
      const c = text.charCodeAt(at);
      if (c === BACKSLASH || (c === QUOTE && text.charCodeAt(at + 1) === QUOTE)) {
        escaped = true;
        at += 2;
      } else if (c === QUOTE) break;
      else at++;
    }
    const raw = text.slice(start, at);
    const lexeme = escaped ? raw.replace(/''/g, "'").replace(/\\(.)/g, '$1') : raw;
    at++;
    let positions = 1;
    if (text.charCodeAt(at) === COLON) {
      for (at++; at < end && text.charCodeAt(at) !== SPACE; at++)
        if (text.charCodeAt(at) === COMMA) positions++;
    }
    lexemes.set(lexeme, (lexemes.get(lexeme) ?? 0) + positions);
  }
  return lexemes;
}

const QUOTE = 39;
const BACKSLASH = 92;
const COLON = 58;
const COMMA = 44;
const SPACE = 32;
