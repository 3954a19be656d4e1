// The content calls the node editor makes (spec 2 §7): images uploaded from the device, carousels
// with device images, and the files of file variables. Each goes to the bot's content, or to a
// flow template's (/api/content/flow_template/<kind>/{name}?bot_id=) when the board shows one.
import { api, toFormData, type ApiResult } from '../../api/client';
import type { Answer } from '../../core/api/common';
import type { ContentSavedAnswer, FileSavedAnswer, ImageSavedAnswer } from '../../core/api/content';
import type { CarouselItem } from '../../core/flow';
import type { ContentScope } from './editor-context';
import { fileDeletion } from './logic/file-variables';

/** A content call that failed, with the server's words. */
export class ContentCallError extends Error {}

function path(scope: ContentScope, kind: string): string {
  const sub = kind ? `/${kind}` : '';
  if (scope.template === null) return `/api/content${sub}/${scope.botId}`;
  return `/api/content/flow_template${sub}/${encodeURIComponent(scope.template)}?bot_id=${scope.botId}`;
}

function checked<T extends ApiResult>(answer: T, fallback: string): T {
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
  const form = toFormData({
    title: input.title.trim() || input.file.name,
    reviewable: true,
    image: input.file,
    content_id: input.id,
    type: 'image',
  });
  const answer = checked(
    await api<Answer<ImageSavedAnswer>>(path(scope, 'image'), {
      method: input.replace ? 'PUT' : 'POST',
      body: form,
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
  const form = toFormData({
    title: input.title.trim() || 'Carousel',
    carousel_id: input.id,
    content: JSON.stringify(input.items),
  });
  for (const image of input.images) form.append('images', image);
  const answer = checked(
    await api<Answer<ContentSavedAnswer>>(path(scope, 'carousel'), {
      method: input.replace ? 'PUT' : 'POST',
      body: form,
    }),
    'Unable to save the carousel',
  );
  // A carousel element's value is its items per language; the contract leaves values open.
  const items = (answer.content?.content as { en?: CarouselItem[] } | undefined)?.en;
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
  const form = toFormData({ file: input.file, variable_id: input.variableId });
  const answer = checked(
    await api<Answer<FileSavedAnswer>>(path(scope, 'file'), {
      method: input.replace ? 'PUT' : 'POST',
      body: form,
    }),
    'Unable to upload the file',
  );
  if (!answer.file?.url) throw new ContentCallError('The server did not answer the file');
  return { id: String(answer.file.id), name: answer.file.name, url: answer.file.url };
}

/** Deletes the files of file variables the node no longer holds (their content and their files). */
export async function deleteFileVariables(scope: ContentScope, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const { path: target, body } = fileDeletion(scope, ids);
  checked(await api(target, { method: 'DELETE', body }), 'Unable to delete the files');
}
