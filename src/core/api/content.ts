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

/** GET /api/content/… : the flow's elements. */
export const contentListAnswer = z.object({ success: z.boolean(), content: z.array(contentElement) });
export type ContentListAnswer = z.infer<typeof contentListAnswer>;

/** POST and PUT of a text, video link or carousel element. */
export const contentSavedAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  content: contentElement,
});
export type ContentSavedAnswer = z.infer<typeof contentSavedAnswer>;

/** POST and PUT /api/content/image/… : the element with the image's address beside it. */
export const imageSavedAnswer = contentSavedAnswer.extend({ url: z.string().nullable() });
export type ImageSavedAnswer = z.infer<typeof imageSavedAnswer>;

/** POST and PUT /api/content/file/… : the file variable's id and file, as the variable entry reads them. */
export const fileSavedAnswer = contentSavedAnswer.extend({
  variable_id: z.string(),
  file: z.object({
    id: z.string(),
    name: z.string(),
    url: z.string().nullable(),
    type: z.string(),
    size: z.number(),
  }),
});
export type FileSavedAnswer = z.infer<typeof fileSavedAnswer>;

/** DELETE /api/content/file/… : idempotent, so ids already gone are listed rather than refused. */
export const filesDeletedAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  deleted: z.array(z.string()),
  missing: z.array(z.string()),
});
export type FilesDeletedAnswer = z.infer<typeof filesDeletedAnswer>;

/** POST /api/content/…/clone: each cloned element's new id, for the editor to point the copy at. */
export const contentClonedAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  elements: z.array(
    z.object({
      id: z.string(),
      new_id: z.string(),
      path: z.string().nullable(),
      type: contentType,
      content: z.unknown(),
    }),
  ),
  /** Ids the flow has no content for (an element never saved). */
  missing: z.array(z.string()),
});
export type ContentClonedAnswer = z.infer<typeof contentClonedAnswer>;

// Requests, as the node editor sends them (a multipart form; server/routes/content decodes and
// checks the fields). Files are the browser's Blobs.
const uploaded = z.custom<Blob>((value) => typeof Blob !== 'undefined' && value instanceof Blob);

/** POST and PUT /api/content/image/… : an image from the device. */
export const imageRequest = z.object({
  title: z.string(),
  reviewable: z.boolean(),
  image: uploaded,
  content_id: z.string(),
  type: z.literal('image'),
});

/** POST and PUT /api/content/carousel/… : the items as JSON text; file items take `images` in order. */
export const carouselRequest = z.object({
  title: z.string(),
  carousel_id: z.string(),
  content: z.string(),
  images: z.array(uploaded).optional(),
});

/** POST and PUT /api/content/file/… : the file of a file variable. */
export const fileRequest = z.object({ file: uploaded, variable_id: z.string() });

/** DELETE /api/content/file/… : the variables' ids as JSON text (spec 2 §7). */
export const filesDeleteRequest = z.object({ variable_ids: z.string() });

/** POST /api/content/…/clone */
export const cloneRequest = z.object({
  ids: z.array(z.string()),
  /** A paste from another bot or flow (issue 20 §3): where the elements are. */
  from_bot_id: z.number().optional(),
  from_template: z.string().nullable().optional(),
});
