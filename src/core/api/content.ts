// The contract of the content routes: /api/content/… (spec 2 §7).
import { z } from 'zod';
import {
  bodyBotId,
  fileOrTextField,
  filesField,
  idField,
  idListField,
  jsonField,
  optionalIdField,
  optionalTextField,
  requiredIdField,
  reviewableField,
  templateFlagField,
  textsField,
  titleField,
  uploadedFile,
} from './content-fields';
import { missingAsEmpty as formBody, sentAs } from './fields';

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

// Requests: the server registers these schemas (server/routes/content) and the node editor's calls
// are typed by them. The editor sends multipart forms (files as the browser's Blobs), so each field
// takes its text encoding as well as JSON.

export { contentPath, contentQuery } from './content-fields';

/** The kinds the text call saves. */
export const TEXT_TYPES = ['text', 'video-link'] as const;
const textFields = {
  content: textsField,
  title: titleField,
  type: z.enum(TEXT_TYPES, { error: 'type must be text or video-link' }),
  reviewable: reviewableField,
  is_template_content: templateFlagField,
  ...bodyBotId,
};
/** POST /api/content/:botId (and its flow_template variant) */
export const textCreateRequest = formBody(z.object({ id: optionalIdField('id'), ...textFields }));
/** PUT /api/content/:botId */
export const textUpdateRequest = formBody(z.object({ id: requiredIdField('id'), ...textFields }));

/** An image from the device, as the editor sends it. */
interface ImageSent {
  title: string;
  reviewable: boolean;
  image: Blob;
  content_id: string;
  type: 'image';
}
const imageFields = {
  title: titleField,
  reviewable: reviewableField,
  image: fileOrTextField,
  image_url: optionalTextField,
  // The source decides the type (a file is an image, a URL an image-link); this is only checked.
  type: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['image', 'image-link'], { error: 'type must be image or image-link' }).optional(),
  ),
  ...bodyBotId,
};
/** POST /api/content/image/… */
export const imageCreateRequest = sentAs<ImageSent>()(
  formBody(z.object({ content_id: optionalIdField('content_id'), ...imageFields })),
);
/** PUT /api/content/image/… */
export const imageUpdateRequest = sentAs<ImageSent>()(
  formBody(z.object({ content_id: requiredIdField('content_id'), ...imageFields })),
);

/** The items as JSON text; file items take `images` in order. */
interface CarouselSent {
  title: string;
  carousel_id: string;
  content: string;
  images?: Blob[];
}
const carouselFields = {
  title: titleField,
  reviewable: reviewableField,
  images: filesField,
  content: jsonField,
  ...bodyBotId,
};
/** POST /api/content/carousel/… */
export const carouselCreateRequest = sentAs<CarouselSent>()(
  formBody(z.object({ carousel_id: optionalIdField('carousel_id'), ...carouselFields })),
);
/** PUT /api/content/carousel/… */
export const carouselUpdateRequest = sentAs<CarouselSent>()(
  formBody(z.object({ carousel_id: requiredIdField('carousel_id'), ...carouselFields })),
);

/** The file of a file variable. */
interface FileSent {
  file: Blob;
  variable_id: string;
}
const fileField = z.preprocess((value) => (value === '' ? undefined : value), uploadedFile);
/** POST /api/content/file/… */
export const fileCreateRequest = sentAs<FileSent>()(
  formBody(z.object({ variable_id: optionalIdField('variable_id'), file: fileField, ...bodyBotId })),
);
/** PUT /api/content/file/… */
export const fileUpdateRequest = sentAs<FileSent>()(
  formBody(z.object({ variable_id: requiredIdField('variable_id'), file: fileField, ...bodyBotId })),
);
/** DELETE /api/content/file/… : the variables' ids as JSON text (spec 2 §7). */
export const filesDeleteRequest = sentAs<{ variable_ids: string }>()(
  formBody(z.object({ variable_ids: idListField('variable_ids'), ...bodyBotId })),
);

/** POST /api/content/…/clone: the list itself (`["a","b"]`), or `{ ids }`, as JSON or a form. */
export const cloneRequest = sentAs<{
  ids: string[];
  /** A paste from another bot or flow (issue 20 §3): where the elements are. */
  from_bot_id?: number;
  from_template?: string | null;
}>()(
  z.preprocess(
    (body) => (Array.isArray(body) ? { ids: body } : body),
    formBody(
      z.object({
        ids: idListField('ids'),
        ...bodyBotId,
        from_bot_id: idField('from_bot_id').optional(),
        from_template: z.string().max(200).nullish(),
      }),
    ),
  ),
);
