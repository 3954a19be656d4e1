// The contract of POST /api/linkpreview (spec 3 §7, knowledge links).
import { z } from 'zod';
import { sentAs } from './fields';

export const pageMeta = z.object({
  title: z.string().nullable(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  site_name: z.string().nullable(),
});
export type PageMeta = z.infer<typeof pageMeta>;

/** Each asked address with its preview, or null when the page could not be read. */
export const linkPreviewAnswer = z.object({
  success: z.boolean(),
  metadata: z.record(z.string(), pageMeta.nullable()),
});
export type LinkPreviewAnswer = z.infer<typeof linkPreviewAnswer>;

/** The most addresses one call may ask about. */
export const MAX_PREVIEW_URLS = 20;

/** POST /api/linkpreview: the addresses as a JSON list, its JSON text, or comma-joined text. */
export const linkPreviewRequest = sentAs<{ urls: string[] }>()(
  z.object({
    urls: z.preprocess(
      (value) => {
        if (typeof value !== 'string') return value;
        try {
          return JSON.parse(value) as unknown;
        } catch {
          return value.split(',').map((url) => url.trim());
        }
      },
      z
        .array(z.string().max(2048, { error: 'A URL is too long' }), {
          // A missing list keeps zod's "received undefined", which reads as "urls is required".
          error: (issue) => (issue.input === undefined ? undefined : 'urls must be a list of URLs'),
        })
        .max(MAX_PREVIEW_URLS, { error: `At most ${MAX_PREVIEW_URLS} urls at once` }),
    ),
  }),
);
