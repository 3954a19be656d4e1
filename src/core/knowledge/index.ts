// Knowledge sources (spec 3, issue 17): passages, search terms, rank fusion and the form rules.
export { splitPassages, PASSAGE_SIZE, PASSAGE_OVERLAP, type Passage, type SourceSection } from './passages';
export { foldText, queryTerms, termCoverage } from './terms';
export { matchTerms, scopedFrequencies, MATCH_BUDGET, type TermFrequency } from './candidates';
export { reciprocalRankFusion, cosine, RRF_K } from './fusion';
export * from './rules';
export {
  buildPostings,
  lexemeRange,
  parseTsvector,
  rankBm25,
  BM25_B,
  BM25_K1,
  type PassageLexemes,
  type RankedPassage,
  type SearchedSource,
  type SourcePostings,
  type WordForm,
} from './bm25';
