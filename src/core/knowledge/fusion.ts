// Issue 17 item 4: with embeddings, the lexical (BM25) and the vector ranking are fused with
// reciprocal rank fusion: each list gives an item 1 / (k + rank), and the sums order the result.
// RRF needs no score calibration between the two (BM25 and cosine live on different scales).

export const RRF_K = 60;

export function reciprocalRankFusion<T>(
  rankings: readonly (readonly T[])[],
  key: (item: T) => string | number,
  k = RRF_K,
): { item: T; score: number }[] {
  const fused = new Map<string | number, { item: T; score: number }>();
  for (const ranking of rankings) {
    ranking.forEach((item, index) => {
      const id = key(item);
      const entry = fused.get(id) ?? { item, score: 0 };
      entry.score += 1 / (k + index + 1);
      fused.set(id, entry);
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score);
}

/** Cosine similarity of two vectors of the same length (0 when either is all zeros). */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
