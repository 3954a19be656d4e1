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

const sectionsPatchShape = {
  header: themeHeaderSchema.partial().optional(),
  body: themeBodySchema.partial().optional(),
  user: themeUserSchema.partial().optional(),
  bot: themeBotSchema.partial().optional(),
  choice: themeChoiceSchema.partial().optional(),
  input: themeInputSchema.partial().optional(),
};

/** The dark variant's overrides: colours only (texts, sizes and pictures are the light theme's). */
const colours = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) =>
  z
    .object(
      Object.fromEntries(Object.entries(schema.shape).filter(([, field]) => field === color)) as {
        [K in keyof T]: T[K];
      },
    )
    .partial()
    .optional();

export const darkOverridesSchema = z.object({
  header: colours(themeHeaderSchema),
  body: colours(themeBodySchema),
  user: colours(themeUserSchema),
  bot: colours(themeBotSchema),
  choice: colours(themeChoiceSchema),
  input: colours(themeInputSchema),
});

/** Language code → title and placeholder (a bot has a handful of languages). */
export const localTextsSchema = z
  .record(
    z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/),
    z.object({
      headerTitle: z.string().max(100).optional(),
      inputPlaceholderText: z.string().max(200).optional(),
    }),
  )
  .refine((texts) => Object.keys(texts).length <= 50, 'at most 50 languages');

export const themeSchema = z.object({
  header: themeHeaderSchema,
  body: themeBodySchema,
  user: themeUserSchema,
  bot: themeBotSchema,
  choice: themeChoiceSchema,
  input: themeInputSchema,
  dark: darkOverridesSchema.optional(),
  texts: localTextsSchema.optional(),
});

/** An edit: every section and field optional, unknown keys dropped. */
export const themePatchSchema = z.object({
  ...sectionsPatchShape,
  dark: darkOverridesSchema.optional(),
  texts: localTextsSchema.optional(),
});

// The schemas and the hand-written types must not drift apart.
const _sameTheme: [z.infer<typeof themeSchema>, Theme] extends [Theme, z.infer<typeof themeSchema>]
  ? true
  : never = true;
const _samePatch: z.infer<typeof themePatchSchema> extends ThemePatch ? true : never = true;
void _sameTheme;
void _samePatch;

/**
 * What the theme page saves (spec 3 §3: the theme "also" carries language and the speech flags,
 * which are the bot's own settings): the edit plus those, each optional.
 */
export const themeSaveSchema = themePatchSchema.extend({
  language: z.number().int().positive().optional(),
  use_stt: z.boolean().optional(),
  use_tts: z.boolean().optional(),
  use_ext_stt: z.boolean().optional(),
  use_ext_tts: z.boolean().optional(),
});

/** Checks a theme edit with the generic checker's wording ("header.headerColor is invalid"). */
export function checkThemePatch(patch: unknown): CheckResult {
  return checkFields(themeSaveSchema, {}, patch, 'theme');
}
