// The theme's zod schema: the server checks every saved or imported theme with it.
import { z } from 'zod';
import { checkFields, type CheckResult } from '../bot/checker';
import { isSafeStoredUrl, UNSAFE_URL_MESSAGE } from '../rules/safe-url';
import type { Theme, ThemePatch } from './types';

/** #rgb, #rgba, #rrggbb or #rrggbbaa: what the colour pickers' hex inputs produce. */
export const HEX_COLOR = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

const color = z.string().regex(HEX_COLOR);
const fontSize = z.number().int().min(8).max(72);
const url = z
  .string()
  .max(2048)
  .refine((text) => isSafeStoredUrl(text, { images: true }), UNSAFE_URL_MESSAGE);

export const themeHeaderSchema = z.object({
  headerColor: color,
  headerBackground: color,
  headerTitle: z.string().max(100),
  headerTitleFontSize: fontSize,
  isAvatar: z.boolean(),
});

export const themeBodySchema = z.object({
  chatBackground: color,
  chatFontSize: fontSize,
  dateColor: color,
  botAvatar: url,
  customAvatar: url.nullable(),
  rtl: z.boolean(),
});

export const themeUserSchema = z.object({ userBackground: color, userColor: color });
export const themeBotSchema = z.object({ botBackground: color, botColor: color });

export const themeChoiceSchema = z.object({
  choiceColor: color,
  choiceBackground: color,
  choiceSelectedBackground: color,
  choiceSelectedColor: color,
});

export const themeInputSchema = z.object({
  inputPlaceholderText: z.string().max(200),
  inputTextColor: color,
  inputBackground: color,
  inputBorderColor: color,
  inputBarBackground: color,
  inputIconsColor: color,
});

export const themeSchema = z.object({
  header: themeHeaderSchema,
  body: themeBodySchema,
  user: themeUserSchema,
  bot: themeBotSchema,
  choice: themeChoiceSchema,
  input: themeInputSchema,
});

/** An edit: every section and field optional, unknown keys dropped. */
export const themePatchSchema = z.object({
  header: themeHeaderSchema.partial().optional(),
  body: themeBodySchema.partial().optional(),
  user: themeUserSchema.partial().optional(),
  bot: themeBotSchema.partial().optional(),
  choice: themeChoiceSchema.partial().optional(),
  input: themeInputSchema.partial().optional(),
});

// The schemas and the hand-written types must not drift apart.
const _sameTheme: [z.infer<typeof themeSchema>, Theme] extends [Theme, z.infer<typeof themeSchema>]
  ? true
  : never = true;
const _samePatch: z.infer<typeof themePatchSchema> extends ThemePatch ? true : never = true;
void _sameTheme;
void _samePatch;

/** Checks a theme edit with the generic checker's wording ("header.headerColor is invalid"). */
export function checkThemePatch(patch: unknown): CheckResult {
  return checkFields(themePatchSchema, {}, patch, 'theme');
}
