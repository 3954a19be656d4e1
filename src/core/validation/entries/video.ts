import { youtubeId } from '../../rules/youtube';
import type { Check } from '../types';
import { isBlank } from '../text';
import { mediaOf, type ContentEntry } from './content';

/** Spec 2 §5 video: a title and a YouTube watch, short or embed link with an 11-character id. */
export const checkVideoEntry: Check<{ entry: ContentEntry; at: string }> = (
  { entry, at },
  context,
  problems,
) => {
  if (isBlank(entry.content.title))
    problems.push({ field: `${at}.content.title`, message: 'Title is required' });
  const media = mediaOf(entry, context);
  const field = `${at}.content.content.${media.code}`;
  if (isBlank(media.value)) problems.push({ field, message: 'Video link is required' });
  else if (youtubeId(media.value) === null) {
    problems.push({ field, message: 'Enter a YouTube watch, short or embed link' });
  }
};
