// The contract of the content routes: /api/content/… (spec 2 §7).
import { z } from 'zod';

/** The kinds of content element a basic node's entries refer to. */
export const contentType = z.enum([
  'text',
  'video-link',
  'image',
  'image-link',
  'image-carousel',
  'file-variable',
]);

/** A content element as the server sends it: our uploads as absolute URLs. */
export const contentElement = z.object({
  id: z.string(),
  type: contentType,
  title: z.string(),
  /** The element's own value (a text per language, a link, carousel items…), as stored. */
  content: z.unknown(),
  reviewable: z.boolean(),
  is_template_content: z.boolean(),
  template_name: z.string().nullable(),
  /** The image or file the element shows (absolute), or null for texts, videos and carousels. */
  url: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type ContentElement = z.infer<typeof contentElement>;
