// The validation context the worker needs (spec 2 §5), from the active bot and GET /api/flow.
import type { BotLanguage } from '../../../core/bot/types';
import type { ValidationContext } from '../../../core/validation';
import type { FlowTemplateRef, Provider, PushMessageType } from '../flow-api';

export interface ContextSources {
  bot: { language: number; supported_languages: number[]; languages?: BotLanguage[] } | null;
  /** Every language the product knows (from the user info), to name the bot's ids. */
  allLanguages: readonly BotLanguage[];
  templates: readonly FlowTemplateRef[];
  providers: readonly Provider[];
  pushMessageTypes: readonly PushMessageType[];
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
