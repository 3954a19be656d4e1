import type { CarouselItem } from '../../flow/schema';
import type { Check, Problem } from '../types';
import { isBlank } from '../text';
import type { ContentEntry } from './content';

/**
 * Spec 2 §5 carousel: a title and at least one item; each item needs what its Add button needed
 * (a URL, a list variable, a file variable, or the uploaded file). Items live under en.
 */
export const checkCarouselEntry: Check<{ entry: ContentEntry; at: string }> = (
  { entry, at },
  _context,
  problems,
) => {
  if (isBlank(entry.content.title))
    problems.push({ field: `${at}.content.title`, message: 'Title is required' });
  const items = entry.content.content?.en;
  if (!Array.isArray(items) || items.length === 0) {
    problems.push({ field: `${at}.content.content.en`, message: 'Add at least one image' });
    return;
  }
  items.forEach((item, i) => checkItem(item, `${at}.content.content.en.${i}`, problems));
};

function checkItem(item: CarouselItem, at: string, problems: Problem[]): void {
  switch (item.type) {
    case 'url':
      if (isBlank(item.url)) problems.push({ field: `${at}.url`, message: 'Image URL is required' });
      else if (item.reviewable === false)
        problems.push({ field: `${at}.url`, message: 'Image is not reviewable' });
      return;
    case 'list':
      // The list is the variable `name`, optionally a path inside it (`targetListPath`).
      if (isBlank(item.name) && isBlank(item.targetListPath)) {
        problems.push({ field: `${at}.targetListPath`, message: 'Choose a list variable' });
      }
      return;
    case 'file-variable':
      if (isBlank(item.variable_name)) {
        problems.push({ field: `${at}.variable_name`, message: 'Choose a file variable' });
      }
      return;
    case 'file':
      // An uploaded item is addressed by its server path (url) or, before upload, by its file.
      if (isBlank(item.url) && !item.file) problems.push({ field: `${at}.url`, message: 'Upload an image' });
      return;
  }
}
