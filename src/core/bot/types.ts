import { DEFAULT_LANGUAGE_ID } from '../constants';

/** When and which flow a bot's scheduled notifications use (spec 1 §3). */
export interface NotificationScheduler {
  enabled: boolean;
  flow_id: number;
  /** HH:MM */
  start_at: string;
  /** hours */
  frequency: number;
}

/** 1 male, 2 female. */
export type TtsGender = 1 | 2;

/** The fields an author edits in the bot dialog (spec 1 §3 Bot). */
export interface BotFields {
  name: string;
  description: string;
  /** The default language id. */
  language: number;
  supported_languages: number[];
  origins: string[];
  allow_subpaths: boolean;
  /** URL of the chosen preset avatar ('' for none). */
  avatar: string;
  /** URL of an uploaded avatar, or null. */
  customAvatar: string | null;
  is_avatar: boolean;
  auto_translate: boolean;
  use_tts: boolean;
  use_ext_tts: boolean;
  use_stt: boolean;
  use_ext_stt: boolean;
  tts_gender: TtsGender;
  whatsapp_phone_id: string;
  whatsapp_token: string;
  telegram_token: string;
  notification_scheduler: NotificationScheduler;
}

export interface BotLanguage {
  id: number;
  name: string;
  code: string;
}

/** A bot as the server sends it. */
export interface Bot extends BotFields {
  id: number;
  /** The supported languages as objects, for the card's badges. */
  languages: BotLanguage[];
  created_at: number;
  updated_at: number;
}

/** Defaults for a new bot (spec 1 §3). */
export function newBotFields(): BotFields {
  return {
    name: '',
    description: '',
    language: DEFAULT_LANGUAGE_ID,
    supported_languages: [DEFAULT_LANGUAGE_ID],
    origins: [],
    allow_subpaths: true,
    avatar: '',
    customAvatar: null,
    is_avatar: false,
    auto_translate: false,
    use_tts: false,
    use_ext_tts: false,
    use_stt: false,
    use_ext_stt: false,
    tts_gender: 2,
    whatsapp_phone_id: '',
    whatsapp_token: '',
    telegram_token: '',
    notification_scheduler: { enabled: false, flow_id: 1, start_at: '12:00', frequency: 24 },
  };
}

/** The fields whose change makes an update worth saving (spec 1 §5). */
export const BOT_CHANGE_FIELDS = [
  'name',
  'description',
  'language',
  'origins',
  'allow_subpaths',
  'avatar',
  'customAvatar',
  'use_tts',
  'use_stt',
  'use_ext_tts',
  'use_ext_stt',
  'tts_gender',
  'auto_translate',
  'supported_languages',
  'whatsapp_phone_id',
  'whatsapp_token',
  'telegram_token',
  'notification_scheduler',
] as const satisfies readonly (keyof BotFields)[];
