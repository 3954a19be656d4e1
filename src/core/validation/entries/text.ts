import type { Check } from '../types';
import { isBlank, textIn } from '../text';
import type { ContentEntry } from './content';

/** Spec 2 §5 text entry: a title and the default-language text. */
export const checkTextEntry: Check<{ entry: ContentEntry; at: string }> = (
  { entry, at },
  context,
  problems,
) => {
  if (isBlank(entry.content.title))
    problems.push({ field: `${at}.content.title`, message: 'Title is required' });
  const code = context.defaultLanguageCode;
  const text = textIn(entry.content.content as Record<string, string>, code);
  if (isBlank(text)) problems.push({ field: `${at}.content.content.${code}`, message: 'Text is required' });
};
