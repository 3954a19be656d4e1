import {
  newVariableEntry,
  NODE_DEFAULTS,
  type BasicNode,
  type CarouselItem,
  type Entry,
  type VariableEntry,
} from '../../../core/flow';

// The basic node's Add Element picker and entry list (spec 2 §2 "Basic node", §3, §4, §9).

export type ContentEntry = Extract<Entry, { type: 'content' }>;
export type ElementKind = 'text' | 'image' | 'variable' | 'video' | 'carousel' | 'delay';
export type ImageSource = 'image-from-device' | 'image-from-url';
export type CarouselSource = CarouselItem['type'];

/** The picker's kinds, in its order, with the words shown. */
export const ELEMENT_KINDS: readonly { kind: ElementKind; label: string }[] = [
  { kind: 'text', label: 'Text' },
  { kind: 'image', label: 'Image' },
  { kind: 'variable', label: 'Variable' },
  { kind: 'video', label: 'Video' },
  { kind: 'carousel', label: 'Carousel' },
  { kind: 'delay', label: 'Delay' },
];

export const CAROUSEL_SOURCES: readonly { source: CarouselSource; label: string }[] = [
  { source: 'file', label: 'From device' },
  { source: 'url', label: 'From URL' },
  { source: 'list', label: 'From JSON list' },
  { source: 'file-variable', label: 'From file variable' },
];

/** Spec 2 §9: the delay form starts at 1 second, and at 0.5 after an entry was added. */
export const DELAY_FORM_DEFAULT = 1;
export const DELAY_AFTER_ADD = NODE_DEFAULTS.delaySeconds;

const content = (type: ContentEntry['content']['type'], texts: ContentEntry['content']['content']) =>
  ({ type: 'content', content: { type, title: '', content: texts } }) as ContentEntry;

/** A blank entry of the chosen kind: what its form starts from. */
export function newEntryDraft(kind: ElementKind, code: string, delaySeconds = DELAY_FORM_DEFAULT): Entry {
  switch (kind) {
    case 'text':
      return content('text', { [code]: '' });
    case 'image':
      return { ...content('image', {}), selectedImageOption: 'image-from-device' };
    case 'video':
      return content('video-link', {});
    case 'carousel':
      return content('image-carousel', { en: [] });
    case 'variable':
      return newVariableEntry();
    case 'delay':
      return { type: 'delay', seconds: delaySeconds };
  }
}

/** Spec 2 §4: an image's source decides its type (uploaded: image; linked: image-link). */
export function withImageSource(entry: ContentEntry, source: ImageSource): ContentEntry {
  return {
    ...entry,
    selectedImageOption: source,
    reviewable: undefined,
    validImageURL: undefined,
    content: {
      ...entry.content,
      type: source === 'image-from-device' ? 'image' : 'image-link',
      content: {},
    },
  };
}

export function entryKind(entry: Entry): ElementKind {
  if (entry.type === 'delay') return 'delay';
  if (entry.type === 'variable') return 'variable';
  switch (entry.content.type) {
    case 'text':
      return 'text';
    case 'image':
    case 'image-link':
      return 'image';
    case 'video-link':
      return 'video';
    case 'image-carousel':
      return 'carousel';
  }
}

/** One line naming an entry in the list. */
export function entrySummary(entry: Entry): string {
  if (entry.type === 'delay') return `${entry.seconds} s`;
  if (entry.type === 'variable') return entry.name ? `\${{${entry.name}}}` : '(no name)';
  return entry.content.title || '(no title)';
}

/** Spec 2 §4: choosing type password turns the value's masking on (its eye shows it again). */
export function withVariableType(entry: VariableEntry, type: VariableEntry['variableType']): VariableEntry {
  const next: VariableEntry = { ...entry, variableType: type };
  if (type === 'password') next.showPassword = false;
  // The Wait for input switch is hidden for type variable: a copied path never waits.
  if (type === 'variable') next.wait = false;
  if (type !== 'file') {
    next.file = null;
    next.variable_id = null;
  }
  if (type === 'bool' && next.default !== 'True' && next.default !== 'False') next.default = '';
  return next;
}

/**
 * The node-level lists of json and file variables (spec 2 §3), kept in step with the entries so
 * the carousel's list and file-variable pickers offer exactly what the node declares.
 */
export function declaredVariables(
  entries: readonly Entry[],
): Pick<BasicNode, 'json_variables' | 'file_variables'> {
  const variables = entries.filter((entry): entry is VariableEntry => entry.type === 'variable');
  return {
    json_variables: variables
      .filter((v) => v.variableType === 'json' && v.name)
      .map((v) => ({ name: v.name })),
    file_variables: variables
      .filter((v) => v.variableType === 'file' && v.name)
      .map((v) => ({ name: v.name, file_name: v.file?.name ?? '' })),
  };
}

let itemCounter = 0;

/** An id for a new carousel item, unique within the page (items are addressed by it). */
export function newItemId(): string {
  itemCounter += 1;
  return `${Date.now().toString(36)}${itemCounter.toString(36)}`;
}
