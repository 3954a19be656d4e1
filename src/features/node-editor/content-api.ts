// The content calls the node editor makes (spec 2 §7): images uploaded from the device, carousels
// with device images, and the files of file variables. Each goes to the bot's content, or to a
// flow template's (/api/content/flow_template/<kind>/{name}?bot_id=) when the board shows one.
import { defineCall, type Refusal } from '../../api/define-call';
import {
  carouselCreateRequest,
  carouselUpdateRequest,
  contentPath,
  contentQuery,
  contentSavedAnswer,
  fileCreateRequest,
  filesDeletedAnswer,
  filesDeleteRequest,
  fileSavedAnswer,
  fileUpdateRequest,
  imageCreateRequest,
  imageSavedAnswer,
  imageUpdateRequest,
} from '../../core/api/content';
import type { CarouselItem } from '../../core/flow';
import type { ContentScope } from './editor-context';
import { fileDeletion } from './logic/file-variables';

/** A content call that failed, with the server's words. */
export class ContentCallError extends Error {}

/**
 * One content call in its two places: the bot's content (/api/content/<kind>/{botId}) and a flow
 * template's (/api/content/flow_template/<kind>/{name}?bot_id=), picked by the scope.
 */
function inScope<Body, Answer>(
  ofBot: (input: { params: { botId: number }; body: Body }) => Promise<Answer>,
  ofTemplate: (input: { params: { name: string }; query: { bot_id: number }; body: Body }) => Promise<Answer>,
) {
  return (scope: ContentScope, body: Body) =>
    scope.template === null
      ? ofBot({ params: { botId: scope.botId }, body })
      : ofTemplate({ params: { name: scope.template }, query: { bot_id: scope.botId }, body });
}

const scoped = { params: contentPath, query: contentQuery };
const image = { ...scoped, request: imageCreateRequest, response: imageSavedAnswer };
const imageUpdate = { ...scoped, request: imageUpdateRequest, response: imageSavedAnswer };
const carousel = { ...scoped, request: carouselCreateRequest, response: contentSavedAnswer };
const carouselUpdate = { ...scoped, request: carouselUpdateRequest, response: contentSavedAnswer };
const file = { ...scoped, request: fileCreateRequest, response: fileSavedAnswer };
const fileUpdate = { ...scoped, request: fileUpdateRequest, response: fileSavedAnswer };
const filesDelete = { ...scoped, request: filesDeleteRequest, response: filesDeletedAnswer };

const calls = {
  addImage: inScope(
    defineCall('POST', '/api/content/image/:botId', image),
    defineCall('POST', '/api/content/flow_template/image/:name', image),
  ),
  replaceImage: inScope(
    defineCall('PUT', '/api/content/image/:botId', imageUpdate),
    defineCall('PUT', '/api/content/flow_template/image/:name', imageUpdate),
  ),
  addCarousel: inScope(
    defineCall('POST', '/api/content/carousel/:botId', carousel),
    defineCall('POST', '/api/content/flow_template/carousel/:name', carousel),
  ),
  replaceCarousel: inScope(
    defineCall('PUT', '/api/content/carousel/:botId', carouselUpdate),
    defineCall('PUT', '/api/content/flow_template/carousel/:name', carouselUpdate),
  ),
  addFile: inScope(
    defineCall('POST', '/api/content/file/:botId', file),
    defineCall('POST', '/api/content/flow_template/file/:name', file),
  ),
  replaceFile: inScope(
    defineCall('PUT', '/api/content/file/:botId', fileUpdate),
    defineCall('PUT', '/api/content/flow_template/file/:name', fileUpdate),
  ),
  deleteFiles: inScope(
    defineCall('DELETE', '/api/content/file/:botId', filesDelete),
    defineCall('DELETE', '/api/content/flow_template/file/:name', filesDelete),
  ),
};

function checked<T extends { success: true }>(answer: T | Refusal, fallback: string): T {
  if (!answer.success) throw new ContentCallError(answer.message || fallback);
  return answer;
}

/**
 * Spec 2 §7: uploaded images are addressed relative to the backend unless the path starts with
 * https or blob (a local preview). The backend is this page's origin.
 */
export function contentUrl(pathOrUrl: string): string {
  const value = pathOrUrl.trim();
  if (value === '' || /^(https?:|blob:|data:)/i.test(value)) return value;
  return `${window.location.origin}${value.startsWith('/') ? '' : '/'}${value}`;
}

let idCounter = 0;

/** An element id chosen by the editor, so a later PUT can address the same element. */
export function newContentId(): string {
  idCounter += 1;
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${idCounter}`;
  return random.replace(/[^A-Za-z0-9_.:-]/g, '');
}

/** Uploads (POST) or replaces (PUT, `replace` true) an image element; answers its image URL. */
export async function uploadImage(
  scope: ContentScope,
  input: { id: string; title: string; file: File; replace: boolean },
): Promise<string> {
  const send = input.replace ? calls.replaceImage : calls.addImage;
  const answer = checked(
    await send(scope, {
      title: input.title.trim() || input.file.name,
      reviewable: true,
      image: input.file,
      content_id: input.id,
      type: 'image',
    }),
    'Unable to upload the image',
  );
  if (!answer.url) throw new ContentCallError('The server did not answer the image address');
  return answer.url;
}

/**
 * Saves a carousel with its items (spec 2 §7): file items without an image (url '') each take
 * the next of `images`, in item order. Answers the items as stored, with the uploaded images'
 * URLs in place.
 */
export async function saveCarousel(
  scope: ContentScope,
  input: { id: string; title: string; items: CarouselItem[]; images: File[]; replace: boolean },
): Promise<CarouselItem[]> {
  const send = input.replace ? calls.replaceCarousel : calls.addCarousel;
  const answer = checked(
    await send(scope, {
      title: input.title.trim() || 'Carousel',
      carousel_id: input.id,
      content: JSON.stringify(input.items),
      images: input.images.length ? input.images : undefined,
    }),
    'Unable to save the carousel',
  );
  // A carousel element's value is its items per language; the contract leaves values open.
  const items = (answer.content.content as { en?: CarouselItem[] } | undefined)?.en;
  if (!Array.isArray(items)) throw new ContentCallError('The server did not answer the carousel items');
  return items;
}

export interface StoredFileVariable {
  id: string;
  name: string;
  url: string;
}

/** Uploads (or replaces) the file of a file variable. */
export async function uploadFileVariable(
  scope: ContentScope,
  input: { variableId: string; file: File; replace: boolean },
): Promise<StoredFileVariable> {
  const send = input.replace ? calls.replaceFile : calls.addFile;
  const answer = checked(
    await send(scope, { file: input.file, variable_id: input.variableId }),
    'Unable to upload the file',
  );
  if (!answer.file?.url) throw new ContentCallError('The server did not answer the file');
  return { id: String(answer.file.id), name: answer.file.name, url: answer.file.url };
}

/** Deletes the files of file variables the node no longer holds (their content and their files). */
export async function deleteFileVariables(scope: ContentScope, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  checked(await calls.deleteFiles(scope, fileDeletion(scope, ids).fields), 'Unable to delete the files');
}
