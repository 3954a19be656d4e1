import type { Check } from '../types';
import { isBlank } from '../text';
import { mediaOf, type ContentEntry } from './content';

export const IMAGE_NOT_REVIEWABLE = 'Image is not reviewable';

/**
 * Spec 2 §5 image entry: a title, and an uploaded image (type image) or an image URL (type
 * image-link). Whether the URL really loads is found by the browser, which records it in
 * `reviewable`; here only that flag is read (false means the image failed to load).
 */
export const checkImageEntry: Check<{ entry: ContentEntry; at: string }> = (
  { entry, at },
  context,
  problems,
) => {
  if (isBlank(entry.content.title))
    problems.push({ field: `${at}.content.title`, message: 'Title is required' });
  const media = mediaOf(entry, context);
  const field = `${at}.content.content.${media.code}`;
  if (entry.content.type === 'image') {
    if (isBlank(media.value)) problems.push({ field, message: 'Upload an image' });
    return;
  }
  if (isBlank(media.value)) problems.push({ field, message: 'Image URL is required' });
  else if (!isHttpUrl(media.value.trim())) problems.push({ field, message: 'Enter a valid image URL' });
  else if (entry.reviewable === false || entry.validImageURL === false) {
    problems.push({ field, message: IMAGE_NOT_REVIEWABLE });
  }
};

/** The field is an `<input type="url">`: an absolute http(s) address with a host. */
export function isHttpUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
