// Which of a query's terms a lexical search matches on. Ranking every passage that holds any
// term costs one ranking per match: over 10,000 passages a common word ("type", "data") matches
// thousands, and the database ranks them all to keep 50 (issue 17: p95 ≤ 20 ms). Those words
// weigh least in BM25 (their inverse document frequency is smallest), so passages holding only
// them rarely reach the top. The search therefore matches on the rarest terms whose matches fit a
// budget, and still ranks by every term where the database allows it (PostgreSQL). When all the
// terms' matches fit the budget — every small knowledge base — nothing is left out.

export interface TermFrequency {
  term: string;
  /** Passages holding the term (an estimate is fine: it only chooses the terms matched on). */
  passages: number;
}

/**
 * Matches a search may rank. Measured on the README questions among 10,000 filler passages
 * (bench/knowledge.ts), BM25 recall@5 SQLite / PostgreSQL: every term 0.913 / 0.913; 1,500:
 * 0.913 / 0.848; 800: 0.870 / 0.739; 400: – / 0.587. Fewer matches rank faster; this is the
 * smallest budget tried that kept recall near matching every term.
 */
export const MATCH_BUDGET = 1500;

/**
 * The terms to match on: the rarest first while their passages add up to at most `budget`,
 * at least the rarest one; all of them when they fit. Terms no passage holds are dropped (they
 * can match nothing), unless no term is held at all.
 */
export function matchTerms(frequencies: readonly TermFrequency[], budget = MATCH_BUDGET): string[] {
  const held = frequencies.filter((f) => f.passages > 0);
  if (!held.length) return frequencies.map((f) => f.term);
  const total = held.reduce((sum, f) => sum + f.passages, 0);
  if (total <= budget) return held.map((f) => f.term);
  const rarest = [...held].sort((a, b) => a.passages - b.passages || a.term.localeCompare(b.term));
  const chosen: string[] = [];
  let matches = 0;
  for (const f of rarest) {
    if (chosen.length && matches + f.passages > budget) break;
    chosen.push(f.term);
    matches += f.passages;
  }
  // Kept in the query's order, so the database sees the terms as the guest wrote them.
  return held.map((f) => f.term).filter((term) => chosen.includes(term));
}

/**
 * Frequencies counted over every customer's passages, scaled to the `scope` searched (the
 * passages of the sources the search may use) out of `total`: a word common in another
 * customer's large library is not dropped from a small customer's search. The scope is assumed to
 * use words like the whole table does — an estimate, which only chooses the terms matched on.
 */
export function scopedFrequencies(
  frequencies: readonly TermFrequency[],
  scope: number,
  total: number,
): TermFrequency[] {
  const share = total > 0 ? Math.min(1, scope / total) : 1;
  return frequencies.map((f) => ({
    term: f.term,
    passages: f.passages && Math.max(1, Math.round(f.passages * share)),
  }));
}
