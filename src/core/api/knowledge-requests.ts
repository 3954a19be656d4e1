// The request schemas of the knowledge routes (spec 3 §7): the server registers them
// (server/routes/knowledge) and the knowledge page's calls are typed by them. Forms send every
// value as text; scripts may send JSON.
import { z } from 'zod';
import { MAX_PLAIN_TEXT_CHARS } from '../knowledge/rules';
import { idField, missingAsEmpty as formBody, sentAs, uploadedFile } from './fields';

/** An optional customer_id (form text, query or number). */
export const customerIdField = z
  .preprocess(
    (value) => (value === '' || value === 'null' || value === undefined ? undefined : String(value)),
    z
      .string()
      .regex(/^\d{1,9}$/, { error: 'customer_id is invalid' })
      .transform(Number)
      .optional(),
  )
  .optional();

/** GET /api/files, /api/links, /api/videos */
export const knowledgeListQuery = z.object({
  customer_id: customerIdField,
  updated_at: z.string().optional(),
});

/** /api/file|link|video/:customerId/:id… */
export const knowledgeItemPath = z.object({ customerId: idField('customer_id'), id: idField('id') });

/** POST /api/video/:customerId/:id/transcript */
export const transcriptRequest = formBody(
  z.object({
    transcript: z
      .string({ error: 'transcript is required' })
      .trim()
      .min(1, { error: 'transcript is required' })
      .max(MAX_PLAIN_TEXT_CHARS, { error: 'transcript is too long' }),
  }),
);

const text = (max: number) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().max(max)).optional();

/** POST /api/process-file: a PDF or text file, or pasted text with its title. */
export const processFileRequest = formBody(
  z.object({
    file: z.preprocess((v) => (v === '' ? undefined : v), uploadedFile.optional()),
    plain_text: text(MAX_PLAIN_TEXT_CHARS + 1),
    text_title: text(500),
    language: z.preprocess(
      (v) => (v === '' || v === null ? undefined : String(v)),
      z
        .string({ error: 'language is required' })
        .regex(/^\d{1,9}$/, { error: 'language is invalid' })
        .transform(Number),
    ),
    tags: text(2000),
    customer_id: customerIdField,
  }),
);

/** POST /api/process-link */
export const processLinkRequest = sentAs<{
  name: string;
  link: string;
  recursive: 1 | 0;
  customer_id: number;
}>()(
  formBody(
    z.object({
      name: text(255),
      link: z.string({ error: 'link is required' }).trim().max(2048, { error: 'link is too long' }),
      recursive: z.preprocess(
        (v) => (v === undefined || v === '' ? '0' : String(v)),
        z.enum(['1', '0', 'true', 'false'], { error: 'recursive must be 1 or 0' }),
      ),
      customer_id: customerIdField,
    }),
  ),
);

/** POST /api/process-video */
export const processVideoRequest = sentAs<{ url: string; customer_id: number }>()(
  formBody(
    z.object({
      url: z.string({ error: 'url is required' }).trim().max(2048, { error: 'url is too long' }),
      customer_id: customerIdField,
    }),
  ),
);
