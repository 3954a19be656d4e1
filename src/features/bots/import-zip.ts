// Reading and rewriting an exported bot archive in the browser (spec 1 §3 Exported bot archive,
// §5, §7): bot_info.json = { format, version, bot_data, theme }, avatars under theme_assets/avatars/.
import type JSZip from 'jszip';
import { botFieldsFromData, type BotDraft } from '../../core/bot/dialog-rules';
import type { BotFields } from '../../core/bot/types';

export const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed'];
export const NOT_A_ZIP = 'Please select a valid .zip bot file';
export const NO_BOT_JSON = 'No Bot JSON file found in the zip.';
const INFO_FILE = 'bot_info.json';
const AVATARS_DIR = 'theme_assets/avatars/';

type Json = Record<string, unknown>;

export interface ImportedBot {
  zip: JSZip;
  /** Where the bot JSON sits in the archive; rewritten there before upload. */
  infoPath: string;
  info: Json;
  fields: BotFields;
  /** Archive avatar files by base name → object addresses, so the dialog can show them. */
  avatarUrls: Map<string, string>;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** bot_info.json wherever it sits (some zip tools add a top folder), else the first JSON file. */
function findInfoFile(zip: JSZip): JSZip.JSZipObject | null {
  const files = Object.values(zip.files).filter((file) => !file.dir && !file.name.startsWith('__MACOSX/'));
  return (
    files.find((file) => baseName(file.name) === INFO_FILE) ??
    files.find((file) => file.name.toLowerCase().endsWith('.json')) ??
    null
  );
}

export async function readBotZip(file: File): Promise<ImportedBot> {
  if (!ZIP_TYPES.includes(file.type)) throw new Error(NOT_A_ZIP);
  // JSZip is loaded on the first import only: most visits to the bots screen never need it.
  const { default: JSZipLoader } = await import('jszip');
  let zip: JSZip;
  try {
    zip = await JSZipLoader.loadAsync(file);
  } catch {
    throw new Error(NOT_A_ZIP);
  }
  const infoFile = findInfoFile(zip);
  if (!infoFile) throw new Error(NO_BOT_JSON);
  let info: unknown;
  try {
    info = JSON.parse(await infoFile.async('string'));
  } catch {
    throw new Error(NO_BOT_JSON);
  }
  if (!isObject(info) || !isObject(info.bot_data)) throw new Error(NO_BOT_JSON);

  const avatarUrls = new Map<string, string>();
  for (const entry of Object.values(zip.files)) {
    if (entry.dir || !entry.name.includes(AVATARS_DIR)) continue;
    avatarUrls.set(baseName(entry.name), URL.createObjectURL(await entry.async('blob')));
  }
  return { zip, infoPath: infoFile.name, info, fields: botFieldsFromData(info.bot_data), avatarUrls };
}

/** An archive avatar reference (a path or an address ending in the file name) → something to show. */
export function resolveArchiveAvatar(imported: ImportedBot, url: string): string {
  return imported.avatarUrls.get(baseName(url)) ?? url;
}

export function releaseArchive(imported: ImportedBot): void {
  for (const url of imported.avatarUrls.values()) URL.revokeObjectURL(url);
}

function safeFileName(name: string): string {
  return name.replace(/[^\w.-]+/g, '_').slice(-100) || 'avatar';
}

/**
 * Writes the edited bot back into bot_info.json (spec 1 §7). A newly uploaded avatar goes into the
 * archive's avatar folder and becomes the custom avatar; a removed custom avatar is cleared in the
 * bot and the theme alike, so the server does not bring it back.
 */
export async function writeBotZip(
  imported: ImportedBot,
  draft: BotDraft,
  avatarFile: File | null,
): Promise<Blob> {
  const { zip, info } = imported;
  const { customAvatar: shown, ...fields } = draft.fields;
  let customAvatar: string | null = shown;
  if (draft.avatarEdit.upload && avatarFile) {
    customAvatar = `${AVATARS_DIR}upload-${Date.now()}-${safeFileName(avatarFile.name)}`;
    zip.file(customAvatar, avatarFile);
  }
  const rewritten: Json = { ...info, bot_data: { ...(info.bot_data as Json), ...fields, customAvatar } };
  // The theme keeps its own avatar choice unless the avatar was edited here.
  const avatarEdited =
    fields.avatar !== imported.fields.avatar || customAvatar !== imported.fields.customAvatar;
  if (avatarEdited && isObject(info.theme)) {
    const body = isObject(info.theme.body) ? info.theme.body : {};
    rewritten.theme = { ...info.theme, body: { ...body, botAvatar: fields.avatar, customAvatar } };
  }
  zip.file(imported.infoPath, JSON.stringify(rewritten, null, 2));
  return zip.generateAsync({ type: 'blob', mimeType: 'application/zip' });
}
