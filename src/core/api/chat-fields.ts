// The fields of the chat calls (spec 3 §7 Chat), the contract's (issue 14 item 1). The chat posts a multipart form, so every value
// arrives as text (a JSON body works too); these schemas decode them and word each refusal.
import { z } from 'zod';
import { idField, missingAsEmpty as formBody, uploadedFile as uploadedFileSchema } from './fields';

export { formBody, idField };

/** What one guest message may hold: far above any chat message, far below a flood. */
export const MAX_MESSAGE_LENGTH = 10_000;
/** Text to speech takes at most this much per call (the OpenAI speech limit). */
export const MAX_SPEECH_TEXT = 4096;

function refuse(ctx: z.RefinementCtx, message: string) {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .max(max, { error: `${name} must be at most ${max} characters` });

/** '1'/'true' (or a real boolean) is on; anything else, or nothing, is off. */
const flag = z
  .union([z.string(), z.boolean(), z.number()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** A whole number sent as text; blank means none. */
const courseId = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const text = String(value).trim();
  if (!text) return null;
  if (!/^-?\d{1,15}$/.test(text)) return refuse(ctx, 'course_id must be a number');
  return Number(text);
});

/** A JSON object, as JSON text (form) or as an object (JSON body). */
export const customVariablesField = z.unknown().transform((value, ctx) => {
  let parsed = value;
  if (typeof value === 'string') {
    if (!value.trim()) return {};
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      return refuse(ctx, 'custom_env_variables must be a JSON object');
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return refuse(ctx, 'custom_env_variables must be a JSON object');
  }
  if (JSON.stringify(parsed).length > 64 * 1024) return refuse(ctx, 'custom_env_variables is too large');
  return parsed as Record<string, unknown>;
});

export const fileField = z.unknown().transform((value, ctx) => {
  const parsed = uploadedFileSchema.safeParse(value);
  if (!parsed.success) return refuse(ctx, 'file must be an uploaded file');
  return parsed.data;
});

/** Guest ids are UUIDs of ours; NUL, which no database text can hold, is refused up front. */
const noNul = (text: string) => !text.includes('\0');

const guestIdField = z
  .string({ error: 'guest_id must be text' })
  .trim()
  .max(64, { error: 'guest_id is invalid' })
  .refine(noNul, { error: 'guest_id is invalid' })
  .transform((v) => v || null);

export const chatBody = formBody(
  z.object({
    message: text('message', MAX_MESSAGE_LENGTH).optional(),
    language: z.union([z.string(), z.number()]).optional(),
    ignore_saving: flag.optional(),
    target_template: text('target_template', 200).optional(),
    course_id: courseId.optional(),
    custom_env_variables: customVariablesField.optional(),
    file: fileField.optional(),
    guest_id: guestIdField.optional(),
    bot_id: z.union([z.string(), z.number()]).optional(),
    environment: z.enum(['web', 'whatsapp', 'telegram'], { error: 'environment is invalid' }).optional(),
  }),
);

export const chatQuery = z.object({ bot_id: idField('bot_id').optional() });

export const guestParams = z.object({
  guestId: z.string().min(1).max(64).refine(noNul, { error: 'guestId is invalid' }),
});

/** PUT /api/language/:guestId/:languageId */
export const guestLanguageParams = guestParams.extend({ languageId: idField('languageId') });

export const customVariablesBody = formBody(z.object({ custom_env_variables: customVariablesField }));

export const ttsBody = formBody(
  z.object({
    text: text('text', MAX_SPEECH_TEXT).min(1, { error: 'text is required' }),
    lang: text('lang', 16).optional(),
    guest_id: guestIdField.optional(),
  }),
);

export const sttBody = formBody(
  z.object({
    file: fileField,
    lang: text('lang', 16).optional(),
    guest_id: guestIdField.optional(),
  }),
);

/** The audio a guest may send for transcription: the OpenAI limit (the app's upload limit is 20 MB). */
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;
