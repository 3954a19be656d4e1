// The validation context (spec 2 §5) from what the editor and the server both know: the bot, the
// product's languages, the flow's template names, call providers and push message types. One
// builder for both, so the node the editor marks is the node the server refuses at publish.
import type { BotLanguage } from '../bot/types';
import type { ValidationContext } from './types';

export interface ContextSources {
  bot: { language: number; supported_languages: number[]; languages?: readonly BotLanguage[] } | null;
  /** Every language the product knows (from the user info, or the languages table), to name the bot's ids. */
  allLanguages: readonly BotLanguage[];
  // Only the names, ids and codes are read; the rest of each record may come along.
  templates: readonly { name: string; id?: number }[];
  providers: readonly { id: number | string; name?: string }[];
  pushMessageTypes: readonly { code: string; label?: string }[];
}

/**
 * The same context the node-edit modal validates with, so a node the modal would refuse is the
 * node the board marks: the bot's languages (named from the known list when the bot only carries
 * ids), its default language's code (en when unknown), template names, providers, push codes.
 */
export function validationContextOf(sources: ContextSources): ValidationContext {
  const { bot, allLanguages } = sources;
  const own = bot?.languages?.length
    ? bot.languages
    : (bot?.supported_languages ?? []).flatMap((id) => allLanguages.filter((l) => l.id === id));
  const primary = [...own, ...allLanguages].find((l) => l.id === bot?.language)?.code ?? 'en';
  const supported = own.length ? own : allLanguages.filter((l) => l.code === primary);
  return {
    supportedLanguages: supported.map(({ id, code }) => ({ id, code })),
    defaultLanguageCode: primary,
    templateNames: sources.templates.map((t) => t.name),
    providers: sources.providers.map(({ id }) => ({ id })),
    pushMessageTypes: sources.pushMessageTypes.map((t) => t.code),
  };
}
