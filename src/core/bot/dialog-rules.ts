// The bot dialog's rules (spec 1 §4 Bot dialog, §5), as pure functions over BotFields so the dialog
// component only wires them to inputs and the rules are unit-tested without React.
import { isValidUrl } from '../rules/url';
import { checkBot } from './schema';
import { BOT_CHANGE_FIELDS, newBotFields, type BotFields } from './types';

export type BotDialogMode = 'add' | 'update' | 'import';

type ChangeField = (typeof BOT_CHANGE_FIELDS)[number];

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  // Arrays and the scheduler object: order matters for arrays (the first supported language is the
  // fallback default), keys do not for objects.
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (!sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** The fields among BOT_CHANGE_FIELDS whose value differs: what an update sends (spec 1 §7 PUT). */
export function changedBotFields(original: BotFields, current: BotFields): Partial<BotFields> {
  const changes: Partial<Record<ChangeField, unknown>> = {};
  for (const field of BOT_CHANGE_FIELDS) {
    if (!sameValue(original[field], current[field])) changes[field] = current[field];
  }
  return changes as Partial<BotFields>;
}

export function isBotChanged(original: BotFields, current: BotFields): boolean {
  return BOT_CHANGE_FIELDS.some((field) => !sameValue(original[field], current[field]));
}

/** Fields whose problems botSaveProblems already words for people. */
const WORDED_FIELDS = new Set(['name', 'origins', 'supported_languages']);

/**
 * Why a bot cannot be saved yet, empty when it can: the save rule of spec 1 §5 in plain words, then
 * whatever else the shared schema check (the one the server applies) finds, so the dialog never
 * offers Save for a bot the server would refuse.
 */
export function botProblems(fields: BotFields): string[] {
  const schemaProblems = checkBot(fields)
    .errors.filter((error) => !WORDED_FIELDS.has(error.field))
    .map((error) => error.message);
  return [...botSaveProblems(fields), ...schemaProblems];
}

/** The save rule of spec 1 §5. */
export function botSaveProblems(fields: BotFields): string[] {
  return Object.values(saveProblemsByField(fields));
}

type FieldProblems = Partial<Record<keyof BotFields, string>>;

function saveProblemsByField(fields: BotFields): FieldProblems {
  const problems: FieldProblems = {};
  if (fields.name.trim() === '') problems.name = 'Bot name is required';
  const invalid = fields.origins.filter((origin) => !isValidUrl(origin));
  if (fields.origins.length === 0) problems.origins = 'At least one bot origin is required';
  else if (invalid.length > 0) problems.origins = `Invalid origin: ${invalid.join(', ')}`;
  if (fields.supported_languages.length === 0)
    problems.supported_languages = 'At least one supported language is required';
  return problems;
}

/**
 * The same problems as `botProblems`, each against the field it belongs to (the first one per
 * field), so the dialog can say what is wrong under the input that is wrong.
 */
export function botFieldProblems(fields: BotFields): FieldProblems {
  const problems = saveProblemsByField(fields);
  for (const error of checkBot(fields).errors) {
    const field = error.field as keyof BotFields;
    if (!WORDED_FIELDS.has(field)) problems[field] ??= error.message;
  }
  return problems;
}

export interface BotDialogFlags {
  changed: boolean;
  valid: boolean;
  /** Save (Add, Update) or Import. */
  canSubmit: boolean;
  canUndo: boolean;
  canCancel: boolean;
}

/** Recomputed on every edit (spec 1 §4): Save needs valid and changed, Import only valid. */
export function botDialogFlags(mode: BotDialogMode, original: BotFields, current: BotFields): BotDialogFlags {
  const changed = isBotChanged(original, current);
  const valid = botProblems(current).length === 0;
  return {
    changed,
    valid,
    canSubmit: mode === 'import' ? valid : valid && changed,
    canUndo: changed,
    canCancel: !changed,
  };
}

/** Turning a feature off also turns off its external API (spec 1 §4). */
export function setSpeechFeature(fields: BotFields, feature: 'use_tts' | 'use_stt', on: boolean): BotFields {
  const external = feature === 'use_tts' ? 'use_ext_tts' : 'use_ext_stt';
  return { ...fields, [feature]: on, ...(on ? {} : { [external]: false }) };
}

export function addSupportedLanguage(fields: BotFields, languageId: number): BotFields {
  if (fields.supported_languages.includes(languageId)) return fields;
  return { ...fields, supported_languages: [...fields.supported_languages, languageId] };
}

/** Removal is refused for the last language; removing the default promotes the first remaining one. */
export function removeSupportedLanguage(fields: BotFields, languageId: number): BotFields {
  const remaining = fields.supported_languages.filter((id) => id !== languageId);
  if (remaining.length === 0 || remaining.length === fields.supported_languages.length) return fields;
  const language = fields.language === languageId ? remaining[0] : fields.language;
  return { ...fields, supported_languages: remaining, language };
}

/** The default language is always one of the supported ones, so making one default also adds it. */
export function makeDefaultLanguage(fields: BotFields, languageId: number): BotFields {
  const withLanguage = addSupportedLanguage(fields, languageId);
  return { ...withLanguage, language: languageId };
}

/** Bot origins are typed one per line (spec 1 §5). */
export function originsFromText(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function originsToText(origins: readonly string[]): string {
  return origins.join('\n');
}

/** Case-insensitive substring match on the name: the language search and the bots search. */
export function filterByName<T extends { name: string }>(items: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...items];
  return items.filter((item) => item.name.toLowerCase().includes(needle));
}

/** How the avatar was edited beyond the fields themselves (spec 1 §4 Avatar). */
export interface AvatarEdit {
  /** A new image was uploaded; fields.customAvatar holds its preview URL until saved. */
  upload: boolean;
  /** The stored custom avatar must be deleted when saving. */
  deleteCustomAvatar: boolean;
}

export interface BotDraft {
  fields: BotFields;
  avatarEdit: AvatarEdit;
}

export function newDraft(fields: BotFields): BotDraft {
  return { fields, avatarEdit: { upload: false, deleteCustomAvatar: false } };
}

/** The avatar a bot shows: its custom image first, else its preset, else none ('' → generated). */
export function shownAvatar(fields: Pick<BotFields, 'avatar' | 'customAvatar'>): string {
  return fields.customAvatar || fields.avatar || '';
}

/** Picking a preset replaces any custom image; a stored one is then deleted on save. */
export function choosePresetAvatar(draft: BotDraft, original: BotFields, preset: string): BotDraft {
  return {
    fields: { ...draft.fields, avatar: preset, customAvatar: null },
    avatarEdit: { upload: false, deleteCustomAvatar: original.customAvatar !== null },
  };
}

/** An upload replaces the stored custom image on save, so no delete flag is needed. */
export function uploadCustomAvatar(draft: BotDraft, previewUrl: string): BotDraft {
  return {
    fields: { ...draft.fields, customAvatar: previewUrl },
    avatarEdit: { upload: true, deleteCustomAvatar: false },
  };
}

/**
 * Removing a new upload falls back to the previous preset (kept in fields.avatar all along) or the
 * first preset; the stored custom image, which the upload was replacing, is then deleted too.
 * Removing a stored custom image sets the delete flag and falls back the same way. Removing a
 * preset leaves no avatar (the card then shows the generated one).
 */
export function removeAvatar(draft: BotDraft, original: BotFields, presets: readonly string[]): BotDraft {
  const { fields } = draft;
  if (fields.customAvatar === null) {
    return { ...draft, fields: { ...fields, avatar: '' } };
  }
  return {
    fields: { ...fields, customAvatar: null, avatar: fields.avatar || presets[0] || '' },
    avatarEdit: { upload: false, deleteCustomAvatar: original.customAvatar !== null },
  };
}

/** The text fields of PUT /api/bot beyond bot_id: only the changed fields, plus the avatar extras. */
export function updateRequestFields(
  original: BotFields,
  draft: BotDraft,
): Partial<BotFields> & { delete_custom_avatar?: boolean } {
  const { customAvatar: _preview, ...changes } = changedBotFields(original, draft.fields);
  if (draft.avatarEdit.deleteCustomAvatar && !draft.avatarEdit.upload) {
    return { ...changes, delete_custom_avatar: true, customAvatar: null };
  }
  return changes;
}

/** The text fields of POST /api/bot: every field, except the custom avatar preview (sent as a file). */
export function createRequestFields(draft: BotDraft): Omit<BotFields, 'customAvatar'> {
  const { customAvatar: _preview, ...fields } = draft.fields;
  return fields;
}

interface ListedBot {
  id: number;
  created_at: number;
}

/** The stored active bot if it still exists, else the newest by created_at, else none (spec 1 §4). */
export function chooseActiveBot(bots: readonly ListedBot[], storedId: number | null): number | null {
  if (storedId !== null && bots.some((bot) => bot.id === storedId)) return storedId;
  let newest: ListedBot | null = null;
  for (const bot of bots) if (newest === null || bot.created_at > newest.created_at) newest = bot;
  return newest?.id ?? null;
}

/** After a delete: deleting the active bot makes the last remaining one active, or clears it. */
export function activeBotAfterDelete(
  remaining: readonly ListedBot[],
  deletedId: number,
  activeId: number | null,
): number | null {
  if (activeId !== deletedId) return activeId;
  return remaining.length > 0 ? remaining[remaining.length - 1].id : null;
}

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  // Archives written by older tools carry lists as comma-joined text, as the multipart calls do.
  if (typeof value === 'string')
    return value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  return [];
}

function flagOf(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === '1';
}

function schedulerOf(value: unknown, fallback: BotFields['notification_scheduler']) {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return fallback;
    }
  }
  return parsed && typeof parsed === 'object' ? { ...fallback, ...parsed } : fallback;
}

/**
 * Reads an archive's bot_data into dialog fields: each known field converted to its type, the
 * defaults of a new bot for what is missing; unknown keys (id, dates) are left out.
 */
export function botFieldsFromData(data: Record<string, unknown>): BotFields {
  const fields = newBotFields();
  const text = (key: keyof BotFields) => (typeof data[key] === 'string' ? (data[key] as string) : null);
  const number = (key: keyof BotFields) => {
    const value = Number(data[key]);
    return data[key] !== undefined && data[key] !== null && Number.isFinite(value) ? value : null;
  };
  const languages = listOf(data.supported_languages).map(Number).filter(Number.isInteger);
  const gender = number('tts_gender');
  return {
    name: text('name') ?? fields.name,
    description: text('description') ?? fields.description,
    language: number('language') ?? fields.language,
    supported_languages: languages.length > 0 ? languages : fields.supported_languages,
    origins: listOf(data.origins).map(String),
    allow_subpaths: data.allow_subpaths === undefined ? fields.allow_subpaths : flagOf(data.allow_subpaths),
    avatar: text('avatar') ?? fields.avatar,
    customAvatar: text('customAvatar') || null,
    is_avatar: flagOf(data.is_avatar),
    auto_translate: flagOf(data.auto_translate),
    use_tts: flagOf(data.use_tts),
    use_ext_tts: flagOf(data.use_ext_tts),
    use_stt: flagOf(data.use_stt),
    use_ext_stt: flagOf(data.use_ext_stt),
    tts_gender: gender === 1 ? 1 : 2,
    whatsapp_phone_id: text('whatsapp_phone_id') ?? '',
    whatsapp_token: text('whatsapp_token') ?? '',
    telegram_token: text('telegram_token') ?? '',
    notification_scheduler: schedulerOf(data.notification_scheduler, fields.notification_scheduler),
  };
}
