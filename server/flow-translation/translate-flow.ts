// Publishing a flow of a bot whose "Translate flow content" (auto_translate) is on fills the
// texts a supported language lacks by translating them from the bot's default language through
// the OpenAI-compatible chat endpoint (issue 13 §13). One request per language, all its missing
// texts in one JSON object; an answer that is not exactly those keys as strings is not used. The
// translation never blocks a publish: a failure leaves the texts missing and says so.
import type { FastifyInstance } from 'fastify';
import {
  applyTranslations,
  dropStaleTranslations,
  missingTexts,
  translationAnswer,
  translationRequest,
  type FlowNode,
  type MissingText,
} from '../../src/core/flow/index.js';
import type { BotLanguage } from '../../src/core/bot/types.js';
import { languagesById, type StoredBot } from '../repos/bots.js';
import { readMainFlow } from '../repos/flows.js';
import type { LlmPort } from '../runtime/ports.js';
import { chatServiceOf } from '../conversations/registry.js';

/** What the publish answer says about the translation (only for bots with the switch on). */
export interface TranslationOutcome {
  done: boolean;
  message: string;
  /** The languages texts were filled in. */
  languages: string[];
}

export const NO_ENDPOINT =
  'Translations were skipped: no AI endpoint (LLM_BASE_URL) is configured on the server';

/** The system message; the fake endpoint of the tests reads the target code from its last line. */
export function translatorPrompt(source: BotLanguage, target: BotLanguage): string {
  return [
    `You translate the texts of a chatbot from ${source.name} into ${target.name}.`,
    'The user message is a JSON object of texts. Answer with a JSON object with exactly the same keys,',
    'each value the translation of the text under that key, and nothing else.',
    'Keep {{variables}}, [[written:spoken]] markers, markdown, URLs and emoji as they are.',
    `Source language code: ${source.code}`,
    `Target language code: ${target.code}`,
  ].join('\n');
}

/** One language's batch: the missing texts and their translations, or why not. */
async function translateInto(
  llm: LlmPort,
  nodes: FlowNode[],
  source: BotLanguage,
  target: BotLanguage,
): Promise<{ missing: MissingText[]; texts: string[] } | { error: string }> {
  const missing = missingTexts(nodes, source.code, target.code);
  if (missing.length === 0) return { missing, texts: [] };
  let answer: string;
  try {
    answer = await llm.chat(
      [
        { role: 'system', content: translatorPrompt(source, target) },
        { role: 'user', content: JSON.stringify(translationRequest(missing)) },
      ],
      { json: true },
    );
  } catch (error) {
    return { error: `the AI endpoint did not answer (${(error as Error).message})` };
  }
  const texts = translationAnswer(missing, answer);
  if (!texts) return { error: 'the AI endpoint answered something other than the texts asked for' };
  return { missing, texts };
}

/**
 * The nodes to publish, with the missing texts of every supported language filled when the bot's
 * auto_translate is on; `translation` is undefined when it is off.
 */
export async function translateForPublish(
  app: FastifyInstance,
  bot: StoredBot,
  nodes: FlowNode[],
): Promise<{ nodes: FlowNode[]; translation?: TranslationOutcome }> {
  if (!bot.auto_translate) return { nodes };
  const llm = chatServiceOf(app).ports.llm;
  if (!llm.configured) return { nodes, translation: { done: false, message: NO_ENDPOINT, languages: [] } };
  const languages = await languagesById(app.db);
  const source = languages.get(bot.language);
  if (!source) return { nodes };
  // A machine translation whose English (source) changed since the last publish is made again.
  const previous = await readMainFlow(app.db, bot.id);
  nodes = dropStaleTranslations(previous.nodes, nodes, source.code);
  const targets = bot.supported_languages
    .map((id) => languages.get(id))
    .filter((l): l is NonNullable<typeof l> => !!l && l.code !== source.code);

  // The languages are asked at once rather than one after the other: a publish waits for the slowest.
  const results = await Promise.all(targets.map((target) => translateInto(llm, nodes, source, target)));
  let result = nodes;
  const filled: string[] = [];
  const skipped: string[] = [];
  let count = 0;
  results.forEach((outcome, i) => {
    const target = targets[i]!;
    if ('error' in outcome) {
      skipped.push(`${target.code}: ${outcome.error}`);
      return;
    }
    if (outcome.missing.length === 0) return;
    // Each language touches only its own texts, so the batches apply one after the other.
    result = applyTranslations(result, target.code, outcome.missing, outcome.texts);
    filled.push(target.code);
    count += outcome.missing.length;
  });
  if (skipped.length > 0) {
    return {
      nodes: result,
      translation: {
        done: false,
        message: `Translations were skipped for ${skipped.join('; ')}. The flow is published without them.`,
        languages: filled,
      },
    };
  }
  const message =
    count === 0
      ? 'Nothing to translate'
      : `Translated ${count} ${count === 1 ? 'text' : 'texts'} (${filled.join(', ')})`;
  return { nodes: result, translation: { done: true, message, languages: filled } };
}
