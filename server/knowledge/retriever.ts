// The runtime's retrieval port (issue 17 item 5): an AI or realtime-AI node's question searched
// over the sources the node selected, among its bot owner's sources only, in the guest's
// language. Passages that hold too little of the question are left out, so "nothing relevant"
// reaches the node as an empty list (it then says so, and the question is kept as a knowledge gap).
import type { Kysely } from 'kysely';
import { foldText } from '../../src/core/knowledge/index.js';
import type { Database } from '../db/schema.js';
import type { RetrievalPort, RetrievalQuery } from '../runtime/ports.js';
import type { Embedder } from './embeddings.js';
import { searchKnowledge } from './search.js';

/** Passages given to the AI at most. */
export const PROMPT_PASSAGES = 4;
/** A passage must hold at least this share of the question's words to count as relevant. */
export const MIN_COVERAGE = 0.34;

const ids = (list: unknown[]) =>
  list.map((id) => Number(id)).filter((id) => Number.isInteger(id) && id > 0 && id < 2 ** 31);

export function selectedSources(query: RetrievalQuery) {
  return {
    files: ids(query.sources.files),
    links: ids(query.sources.links),
    videos: ids(query.sources.videos),
  };
}

export async function recordGap(
  db: Kysely<Database>,
  customerId: number,
  botId: number | null,
  question: string,
  now: number,
): Promise<void> {
  const text = question.trim().slice(0, 1000);
  const key = foldText(text)
    .replace(/\s+/g, ' ')
    .replace(/[?!.。؟]+$/, '')
    .trim()
    .slice(0, 500);
  if (!key) return;
  await db
    .insertInto('knowledge_gaps')
    .values({
      customer_id: customerId,
      bot_id: botId,
      question_key: key,
      question: text,
      count: 1,
      last_asked_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['customer_id', 'question_key']).doUpdateSet((eb) => ({
        count: eb('knowledge_gaps.count', '+', 1),
        last_asked_at: now,
        question: text,
        bot_id: botId,
      })),
    )
    .execute();
}

export function knowledgeRetriever(
  db: Kysely<Database>,
  embedder: Embedder,
  noAnswerText: string,
): RetrievalPort {
  const ownerOf = async (botId: number) =>
    (await db.selectFrom('bots').select('user_id').where('id', '=', botId).executeTakeFirst())?.user_id ??
    null;
  const unbound: RetrievalPort = {
    // Without a bot there is no customer whose sources could be searched.
    retrieve: async () => [],
    noAnswerText,
    forBot(botId) {
      return {
        noAnswerText,
        async retrieve(query) {
          const customerId = await ownerOf(botId);
          const sources = selectedSources(query);
          if (customerId === null || !query.query.trim()) return [];
          const found = await searchKnowledge(db, embedder, {
            customerId,
            query: query.query,
            language: query.language,
            sources,
            limit: PROMPT_PASSAGES * 2,
          });
          return found.passages
            .filter((p) => p.coverage >= MIN_COVERAGE)
            .slice(0, PROMPT_PASSAGES)
            .map((p) => ({
              text: p.text,
              source: {
                kind: p.source.kind,
                id: p.source.id,
                name: p.source.name,
                ...(p.source.url ? { url: p.source.url } : {}),
                ...(p.source.page !== undefined ? { page: p.source.page } : {}),
              },
            }));
        },
        async recordGap(query) {
          const customerId = await ownerOf(botId);
          if (customerId !== null) await recordGap(db, customerId, botId, query.query, Date.now());
        },
      };
    },
  };
  return unbound;
}
