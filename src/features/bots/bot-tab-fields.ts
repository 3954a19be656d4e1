import type { BotFields } from '../../core/bot/types';

export const BOT_TABS = ['general', 'features', 'advanced'] as const;
export type BotTab = (typeof BOT_TABS)[number];

type Field = keyof BotFields;

/** The tab whose inputs edit each field; fields no tab edits are absent. */
const TAB_OF: Partial<Record<Field, BotTab>> = {
  avatar: 'general',
  customAvatar: 'general',
  name: 'general',
  description: 'general',
  language: 'general',
  supported_languages: 'general',
  origins: 'general',
  allow_subpaths: 'general',
  use_tts: 'features',
  use_ext_tts: 'features',
  tts_gender: 'features',
  use_stt: 'features',
  use_ext_stt: 'features',
  auto_translate: 'features',
  whatsapp_token: 'advanced',
  whatsapp_phone_id: 'advanced',
  telegram_token: 'advanced',
};

/** Fields whose input shows its own problem underneath (switches and the avatar picker do not). */
const SHOWN_UNDER_INPUT = new Set<Field>([
  'name',
  'description',
  'language',
  'supported_languages',
  'origins',
  'whatsapp_token',
  'whatsapp_phone_id',
  'telegram_token',
]);

export const TAB_TITLES: Record<BotTab, string> = {
  general: 'General',
  features: 'Features',
  advanced: 'Advanced',
};

export function tabOf(field: Field): BotTab | undefined {
  return TAB_OF[field];
}

/** True when the open tab shows this field's problem under its input. */
export function shownUnderInput(field: Field, openTab: BotTab): boolean {
  return SHOWN_UNDER_INPUT.has(field) && TAB_OF[field] === openTab;
}
