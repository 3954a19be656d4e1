// Passage and query embeddings from the OpenAI-compatible /v1/embeddings at LLM_BASE_URL, with
// the model EMBEDDINGS_MODEL. Without a model, nothing is embedded and search is BM25 alone.
import type { Config } from '../config.js';

export interface Embedder {
  readonly configured: boolean;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

const BATCH = 64;
const TIMEOUT_MS = 60_000;

export function createEmbedder(
  config: Pick<Config, 'llmBaseUrl' | 'llmApiKey' | 'embeddingsModel'>,
): Embedder {
  const base = config.llmBaseUrl.replace(/\/+$/, '');
  const configured = base.length > 0 && config.embeddingsModel.length > 0;
  return {
    configured,
    async embed(texts) {
      if (!configured) throw new Error('No embeddings model is configured');
      const out: Float32Array[] = [];
      for (let at = 0; at < texts.length; at += BATCH) {
        const input = texts.slice(at, at + BATCH);
        const response = await fetch(`${base}/embeddings`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(config.llmApiKey ? { authorization: `Bearer ${config.llmApiKey}` } : {}),
          },
          body: JSON.stringify({ model: config.embeddingsModel, input }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`/embeddings answered ${response.status}`);
        const data = (await response.json()) as { data?: { index: number; embedding: number[] }[] };
        const rows = [...(data.data ?? [])].sort((a, b) => a.index - b.index);
        if (rows.length !== input.length) throw new Error('/embeddings answered the wrong number of vectors');
        for (const row of rows) out.push(Float32Array.from(row.embedding));
      }
      return out;
    },
  };
}
