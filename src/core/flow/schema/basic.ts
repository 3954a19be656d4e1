import { z } from 'zod';
import { isSafeStoredUrl, UNSAFE_URL_MESSAGE } from '../../rules/safe-url';

// The basic (content) node's entry list (spec 2 §3 "Basic node").

export const CONTENT_TYPES = ['text', 'image', 'image-link', 'video-link', 'image-carousel'] as const;
export const VARIABLE_TYPES = ['text', 'number', 'password', 'json', 'bool', 'file', 'variable'] as const;
export const CAROUSEL_ITEM_TYPES = ['file', 'url', 'list', 'file-variable'] as const;

export const carouselItemSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  type: z.enum(CAROUSEL_ITEM_TYPES),
  url: z
    .string()
    // A device item arrives with its browser-side blob: address, replaced by the upload's.
    .refine((url) => /^blob:https?:/i.test(url) || isSafeStoredUrl(url, { images: true }), UNSAFE_URL_MESSAGE)
    .optional(),
  name: z.string().optional(),
  targetListPath: z.string().optional(),
  targetListProperty: z.string().optional(),
  variable_name: z.string().optional(),
  reviewable: z.boolean().optional(),
});
export type CarouselItem = z.infer<typeof carouselItemSchema>;

export const contentEntrySchema = z.looseObject({
  type: z.literal('content'),
  content: z
    .looseObject({
      type: z.enum(CONTENT_TYPES),
      title: z.string(),
      // Text per language; a carousel keeps its item list under en.
      content: z.record(z.string(), z.union([z.string(), z.array(carouselItemSchema)])),
    })
    .superRefine(refuseUnsafeMedia),
  reviewable: z.boolean().optional(),
  selectedImageOption: z.enum(['image-from-device', 'image-from-url']).optional(),
  validImageURL: z.boolean().optional(),
});

/** Image and video entries hold an address per language: never a script or a non-image data: URL. */
function refuseUnsafeMedia(
  content: { type: (typeof CONTENT_TYPES)[number]; content: Record<string, unknown> },
  ctx: z.RefinementCtx,
): void {
  if (content.type === 'text' || content.type === 'image-carousel') return;
  for (const [language, value] of Object.entries(content.content)) {
    if (typeof value === 'string' && !isSafeStoredUrl(value, { images: content.type !== 'video-link' })) {
      ctx.addIssue({ code: 'custom', path: ['content', language], message: UNSAFE_URL_MESSAGE });
    }
  }
}

export const variableEntrySchema = z.looseObject({
  type: z.literal('variable'),
  name: z.string(),
  default: z.string(),
  variableType: z.enum(VARIABLE_TYPES),
  wait: z.boolean(),
  file: z.looseObject({ name: z.string(), id: z.union([z.string(), z.number()]) }).nullish(),
  variable_id: z.union([z.string(), z.number()]).nullish(),
  showPassword: z.boolean().optional(),
});

export const delayEntrySchema = z.looseObject({
  type: z.literal('delay'),
  seconds: z.number(),
});

export const entrySchema = z.discriminatedUnion('type', [
  contentEntrySchema,
  variableEntrySchema,
  delayEntrySchema,
]);
export type Entry = z.infer<typeof entrySchema>;
export type VariableEntry = z.infer<typeof variableEntrySchema>;
export type DelayEntry = z.infer<typeof delayEntrySchema>;

/** Node-level lists of the json and file variables the entries declare. */
export const namedFileSchema = z.looseObject({ name: z.string(), file_name: z.string().optional() });

export const basicFieldsShape = {
  entries: z.array(entrySchema),
  json_variables: z.array(namedFileSchema).optional(),
  file_variables: z.array(namedFileSchema).optional(),
};
