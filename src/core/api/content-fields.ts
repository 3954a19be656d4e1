// The fields of the content calls (spec 2 §7), the contract's (issue 14 item 1). The image, carousel and file calls are multipart
// forms, so every value may arrive as text ('true', JSON text, comma-joined lists); the text call
// is JSON. Each field takes both encodings.
import { z } from 'zod';
import { idField, uploadedFile } from './fields';

export { idField, uploadedFile };

/** Editor ids are short tokens (uuids, numbers, "content_1"); nothing that could be a path. */
const CONTENT_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const LANGUAGE_CODE = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?$/;
const MAX_TITLE = 500;
const MAX_TEXT = 20_000;
const MAX_LANGUAGES = 50;
export const MAX_CLONE_IDS = 200;

/** FormData turns null and undefined into text; an empty value means "not sent" as well. */
function blankToUndefined(value: unknown): unknown {
  if (value === '' || value === 'null' || value === 'undefined' || value === null) return undefined;
  return typeof value === 'number' ? String(value) : value;
}

function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * A custom message for a wrong value; a missing one keeps zod's own ("received undefined"), which
 * the errors plugin words as "{field} is required".
 */
const unlessMissing = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? undefined : message;

const contentId = (name: string) =>
  z
    .string()
    .trim()
    .regex(CONTENT_ID, { error: `${name} is invalid` });

/** An element id the editor chose (or will get from the server when it sends none). */
export const optionalIdField = (name: string) => z.preprocess(blankToUndefined, contentId(name).optional());
export const requiredIdField = (name: string) => z.preprocess(blankToUndefined, contentId(name));

export const titleField = z
  .string()
  .trim()
  .min(1, { error: 'title is required' })
  .max(MAX_TITLE, { error: `title is too long (${MAX_TITLE} characters at most)` });

/** true/false as JSON, or 'true'/'1'/'false'/'0' as form text; not sent means true. */
export const reviewableField = z.preprocess(
  (value) => {
    const text = blankToUndefined(value);
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
    return text;
  },
  z.boolean({ error: 'reviewable must be true or false' }).default(true),
);

/** Texts per language code (spec 2 §3), as an object or its JSON text; one must be non-blank. */
export const textsField = z.preprocess(
  parseJsonText,
  z
    .record(
      z.string().regex(LANGUAGE_CODE, { error: 'content has an invalid language code' }),
      z.string({ error: 'content must hold a text per language' }).max(MAX_TEXT, {
        error: `content is too long (${MAX_TEXT} characters at most)`,
      }),
      { error: unlessMissing('content must hold a text per language') },
    )
    .refine((texts) => Object.keys(texts).length <= MAX_LANGUAGES, {
      error: 'content has too many languages',
    })
    .refine((texts) => Object.values(texts).some((text) => text.trim() !== ''), {
      error: 'content is required',
    }),
);

/** One file, or several under the same field name. */
export const filesField = z
  .union([uploadedFile, z.array(uploadedFile)], { error: 'images must be files' })
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/** A file part, or text standing for "no file" or for a URL (FormData sends what it is given). */
export const fileOrTextField = z.preprocess(
  blankToUndefined,
  z.union([uploadedFile, z.string().max(2048, { error: 'image is too long' })]).optional(),
);

export const optionalTextField = z.preprocess(blankToUndefined, z.string().max(2048).optional());

/** A list of ids: a JSON array, its JSON text, or comma-joined text (how toFormData sends lists). */
export const idListField = (name: string) =>
  z.preprocess(
    (value) => {
      const parsed = parseJsonText(blankToUndefined(value));
      if (typeof parsed === 'string') {
        return parsed
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id !== '');
      }
      if (typeof parsed === 'number') return [String(parsed)];
      return Array.isArray(parsed) ? parsed.map((id) => (typeof id === 'number' ? String(id) : id)) : parsed;
    },
    z
      .array(contentId(name), { error: unlessMissing(`${name} must be a list of ids`) })
      .min(1, { error: `${name} is required` })
      .max(MAX_CLONE_IDS, { error: `${name} has more than ${MAX_CLONE_IDS} ids` })
      .transform((ids) => [...new Set(ids)]),
  );

/** JSON text (or, in a JSON body, the value itself): the carousel's items. */
export const jsonField = z.preprocess(parseJsonText, z.unknown());

/** Sent by the editor with text content; the path already says which flow it belongs to. */
export const templateFlagField = z.unknown().optional();

/** /api/content/…/:botId and /api/content/flow_template/…/:name */
export const contentPath = z.object({
  botId: idField('botId').optional(),
  name: z.string().optional(),
});
/** ?bot_id= (the template variants name their bot here) */
export const contentQuery = z.object({ bot_id: idField('bot_id').optional() });
/** The template variants also take the bot in the body; the bot variants ignore it. */
export const bodyBotId = { bot_id: idField('bot_id').optional() };
