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

/**
 * Spec 2 §1 shows each supported language with its flag. Flag emoji are drawn as two letter boxes
 * on Linux and Windows without an emoji font, so the language's code stands in for the flag.
 */
export function languageBadge(code: string): string {
  return code.trim().toUpperCase();
}

/** A language as a dropdown option reads it: "EN · English". */
export function languageOption(code: string, label: string): string {
  return `${languageBadge(code)} · ${label}`;
}
