import type { NodeType } from '../../../core/flow';

// Spec 2 §2 "Node-edit modal": its title by node type, and which types edit text per language.

const TITLES: Partial<Record<NodeType, string>> = {
  basic: 'Edit node',
  choice: 'Edit node',
  wizard: 'Edit node',
  ai: 'Edit AI node',
  'realtime-ai': 'Edit Realtime AI node',
  call: 'Edit Call node',
  'language-changer': 'Edit Language Changer Node',
  'device-permission': 'Edit Device Permission',
  notification: 'Edit Notification Node',
  api: 'Edit API Request Node',
};

/** The table's title; types it does not name get the generic 'Edit Node'. */
export function modalTitle(type: NodeType): string {
  return TITLES[type] ?? 'Edit Node';
}

const WITH_LANGUAGES: ReadonlySet<NodeType> = new Set([
  'basic',
  'wizard',
  'call',
  'ai',
  'realtime-ai',
  'choice',
  'notification',
  'language-changer',
]);

/** Does the header offer the language dropdown for this type? */
export function hasLanguageDropdown(type: NodeType): boolean {
  return WITH_LANGUAGES.has(type);
}

/** Spec 2 §1: each supported language is shown with its flag. */
const FLAGS: Record<string, string> = {
  ar: '🇸🇦',
  en: '🇬🇧',
  fr: '🇫🇷',
  de: '🇩🇪',
  es: '🇪🇸',
};

export function languageFlag(code: string): string {
  return FLAGS[code] ?? '🏳️';
}
