// The contract of the widget's public read: GET /api/widget/:botId (spec 3 §7).
import { z } from 'zod';
import { botLanguage, botThemeSchema } from './bots';
import { idField } from './fields';

export const widgetLanguage = botLanguage.extend({ is_rtl: z.boolean() });
export type WidgetLanguage = z.infer<typeof widgetLanguage>;

/** A bot as anyone may read it: nothing private (no tokens, no channel settings). */
export const widgetBot = z.object({
  id: z.number(),
  name: z.string(),
  avatar: z.string(),
  is_avatar: z.boolean(),
  languages: z.array(widgetLanguage),
  /** The default language id. */
  language: z.number(),
  use_tts: z.boolean(),
  use_stt: z.boolean(),
  origins: z.array(z.string()),
  allow_subpaths: z.boolean(),
});
export type WidgetBot = z.infer<typeof widgetBot>;

/** Which server speech routes work. */
export const serverSpeech = z.object({ tts: z.boolean(), stt: z.boolean() });
export type ServerSpeech = z.infer<typeof serverSpeech>;

export const widgetAnswer = z.object({
  success: z.boolean(),
  theme: botThemeSchema,
  bot: widgetBot,
  speech: serverSpeech,
});
export type WidgetAnswer = z.infer<typeof widgetAnswer>;

/** GET /api/widget/:botId */
export const widgetPath = z.object({ botId: idField('botId') });
/** ?page=: the address of the page showing the chat (checked against the bot's origins). */
export const widgetQuery = z.object({ page: z.string().max(2048).optional() });
