// The contract of the bot routes: /api/bot, /api/theme, /api/import (spec 1 §7).
import { z } from 'zod';
import { botForm } from './bot-form';
import { flagField, idField, missingAsEmpty, sentAs, uploadedFile } from './fields';
import { botFieldsSchema } from '../bot/schema';
import { themeSchema } from '../theme/schema';

export const botLanguage = z.object({ id: z.number(), name: z.string(), code: z.string() });

/** A bot as the server sends it; avatars are absolute addresses on the way out. */
export const botAnswerSchema = botFieldsSchema.extend({
  id: z.number(),
  avatar: z.string(),
  customAvatar: z.string().nullable(),
  languages: z.array(botLanguage),
  created_at: z.number(),
  updated_at: z.number(),
});

/** GET /api/bot */
export const botListAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  bots: z.array(botAnswerSchema),
});
export type BotListAnswer = z.infer<typeof botListAnswer>;

/** POST, PUT /api/bot and POST /api/import */
export const botAnswer = z.object({ success: z.boolean(), message: z.string(), bot: botAnswerSchema });
export type BotAnswer = z.infer<typeof botAnswer>;

/** The theme as the theme page reads it: with the bot's language and voice settings. */
export const botThemeSchema = themeSchema.extend({
  body: themeSchema.shape.body.extend({ botAvatar: z.string(), customAvatar: z.string().nullable() }),
  language: z.number(),
  use_stt: z.boolean(),
  use_tts: z.boolean(),
  use_ext_stt: z.boolean(),
  use_ext_tts: z.boolean(),
});

/** GET /api/theme */
export const themeAnswer = z.object({
  success: z.boolean(),
  theme: botThemeSchema,
  /** With the writing direction, for the preview. */
  supported_languages: z.array(botLanguage.extend({ is_rtl: z.boolean() })),
});
export type ThemeAnswer = z.infer<typeof themeAnswer>;

/** PUT /api/theme/:botId */
export const themeSavedAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  theme: botThemeSchema,
});
export type ThemeSavedAnswer = z.infer<typeof themeSavedAnswer>;

// Requests, as the app sends them (a multipart form: lists comma-joined, objects as JSON text;
// see server/routes/bots/form-fields.ts for the decoding and checks).

// Requests: the server registers these schemas (server/routes/bots) and the app's calls are typed
// by them. Bot forms are multipart: each field arrives as text and is decoded by its own rule
// (bot-form.ts), then checkBot words what is wrong with it, as the dialog does.

/** /api/bot/:id, /api/bot/:id/channels… */
export const botPath = z.object({ id: idField('id') });

/** GET /api/theme?bot_id= */
export const themeQuery = z.object({ bot_id: idField('bot_id') });

/** PUT /api/theme/:botId */
export const themePath = z.object({ botId: idField('botId') });

/** The bot's fields as the dialog gives them, before the form encoding. */
type SentBotFields = z.input<typeof botFieldsSchema>;

/** The fields of POST /api/bot: every field but the custom avatar, which comes as a file. */
export type BotCreateRequest = Omit<SentBotFields, 'customAvatar'> & { avatar_file?: Blob };

/** The changed fields of PUT /api/bot; `delete_custom_avatar` removes the uploaded avatar. */
export const botChanges = botFieldsSchema.partial().extend({ delete_custom_avatar: z.boolean().optional() });
export type BotChanges = z.input<typeof botChanges>;

/** POST /api/bot */
export const botCreateRequest = sentAs<BotCreateRequest>()(botForm({ avatar_file: uploadedFile.optional() }));

/** PUT /api/bot */
export const botUpdateRequest = sentAs<BotChanges & { bot_id: number; avatar_file?: Blob }>()(
  botForm({
    bot_id: idField('bot_id'),
    avatar_file: uploadedFile.optional(),
    delete_custom_avatar: flagField.optional(),
  }),
);

/** PUT /api/theme/:botId: the theme as JSON text and the optional avatar file (spec 3 §7). */
export const themeSaveRequest = missingAsEmpty(
  z.object({ theme: z.string(), avatar: uploadedFile.optional() }),
);

/** POST /api/import: the archive, named imported_bot.zip (spec 1 §7). */
export const botImportRequest = missingAsEmpty(z.object({ uploaded_bot_file: uploadedFile }));

/** POST /api/export: the archive of one bot comes back (a zip, not JSON). */
export const botExportRequest = missingAsEmpty(z.object({ bot_id: idField('bot_id') }));
