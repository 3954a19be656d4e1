// The contract of POST /api/linkpreview (spec 3 §7, knowledge links).
import { z } from 'zod';

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
