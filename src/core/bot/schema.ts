// The one bot schema (spec 1 §3 Bot, §5): the dialog, the import and the server all check a bot
// with `checkBot`, so a bot the dialog accepts is a bot the server stores.
import { z } from 'zod';
import { isSafeStoredUrl, UNSAFE_URL_MESSAGE } from '../rules/safe-url';
import { isValidUrl } from '../rules/url';
import { checkFields, type CheckResult, type FieldRules } from './checker';
import type { BotFields } from './types';

/** Limits that keep one bot's row reasonable; the spec sets none. */
export const BOT_LIMITS = {
  name: 200,
  description: 2000,
  url: 2048,
  origins: 100,
  token: 1000,
} as const;

const HOURS_MINUTES = /^([01]\d|2[0-3]):[0-5]\d$/;

export const notificationSchedulerSchema = z.object({
  enabled: z.boolean(),
  flow_id: z.number().int().positive(),
  start_at: z.string().regex(HOURS_MINUTES),
  /** Hours; at least one (spec 3 §9). */
  frequency: z.number().int().min(1),
});

const languageId = z.number().int().positive();
const token = z.string().max(BOT_LIMITS.token);

const avatarUrl = z
  .string()
  .max(BOT_LIMITS.url)
  // The dialog previews a chosen file through its blob: address (never sent: the file goes up).
  .refine(
    (text) => /^blob:https?:/i.test(text) || isSafeStoredUrl(text, { images: true }),
    UNSAFE_URL_MESSAGE,
  );

/** Field order is the order errors are reported in (the server answers with the first). */
export const botFieldsSchema = z.object({
  name: z.string().max(BOT_LIMITS.name),
  description: z.string().max(BOT_LIMITS.description),
  origins: z.array(z.string().max(BOT_LIMITS.url)).max(BOT_LIMITS.origins),
  allow_subpaths: z.boolean(),
  supported_languages: z.array(languageId),
  language: languageId,
  avatar: avatarUrl,
  customAvatar: avatarUrl.nullable(),
  is_avatar: z.boolean(),
  auto_translate: z.boolean(),
  use_tts: z.boolean(),
  use_ext_tts: z.boolean(),
  use_stt: z.boolean(),
  use_ext_stt: z.boolean(),
  tts_gender: z.union([z.literal(1), z.literal(2)]),
  whatsapp_phone_id: token,
  whatsapp_token: token,
  telegram_token: token,
  notification_scheduler: notificationSchedulerSchema,
});

// The schema and the hand-written type must not drift apart.
type SchemaFields = z.infer<typeof botFieldsSchema>;
const _sameShape: [SchemaFields, BotFields] extends [BotFields, SchemaFields] ? true : never = true;
void _sameShape;

/** The bot's relations and custom checks (spec 1 §4, §5). */
export const BOT_RULES: FieldRules = {
  // A name with only spaces is no name.
  name: { required: true },
  origins: {
    required: true,
    validate: (origins) => Array.isArray(origins) && origins.every((o) => isValidUrl(String(o))),
  },
  supported_languages: {
    required: true,
    validate: (ids) => Array.isArray(ids) && new Set(ids).size === ids.length,
  },
  language: {
    requiresValuesIn: 'supported_languages',
    // The default language is one of the supported ones.
    validate: (id, values) =>
      !Array.isArray(values.supported_languages) || values.supported_languages.includes(id),
  },
  // The external services only replace the browser's voice when the voice is on at all.
  use_ext_tts: { requiresOnTrue: 'use_tts' },
  use_ext_stt: { requiresOnTrue: 'use_stt' },
};

/** Checks a whole bot (not a partial one): merge the changes onto the stored bot first. */
export function checkBot(fields: unknown): CheckResult {
  return checkFields(botFieldsSchema, BOT_RULES, fields, 'bot');
}
