import type { BasicNode, Entry } from '../../flow/schema';
import { checkCarouselEntry } from '../entries/carousel';
import { checkDelayEntry } from '../entries/delay';
import { checkImageEntry } from '../entries/image';
import { checkTextEntry } from '../entries/text';
import { checkVariableEntry } from '../entries/variable';
import { checkVideoEntry } from '../entries/video';
import type { Check, Problem, ValidationContext } from '../types';

/** Every entry of a basic node is checked by the rule of its kind (spec 2 §5). */
export const checkBasicNode: Check<BasicNode> = (node, context, problems) => {
  (node.entries ?? []).forEach((entry, i) => checkEntry(entry, `entries.${i}`, context, problems));
};

export function checkEntry(entry: Entry, at: string, context: ValidationContext, problems: Problem[]): void {
  if (entry.type === 'delay') return checkDelayEntry({ entry, at }, context, problems);
  if (entry.type === 'variable') return checkVariableEntry({ entry, at }, context, problems);
  switch (entry.content?.type) {
    case 'text':
      return checkTextEntry({ entry, at }, context, problems);
    case 'image':
    case 'image-link':
      return checkImageEntry({ entry, at }, context, problems);
    case 'image-carousel':
      return checkCarouselEntry({ entry, at }, context, problems);
    case 'video-link':
      return checkVideoEntry({ entry, at }, context, problems);
  }
}
