// The exported bot archive (spec 1 §3): a zip holding bot_info.json and the bot's uploaded
// avatars under theme_assets/avatars/. bot_info.json is
//   { "format": "botflow-bot", "version": 1, "bot_data": {…}, "theme": {…}, …more sections }
// Later areas add their own top-level sections (the flow issue: `flow`, `flow_templates`) through
// `sections`; an import reads the sections it knows and ignores the others.
import path from 'node:path';
import JSZip from 'jszip';
import type { BotFields } from '../../src/core/bot/types.js';
import type { Theme } from '../../src/core/theme/index.js';
import { isAvatarUpload, MAX_AVATAR_BYTES, sniffImage, type ImageType } from '../repos/uploads.js';
import { ArchiveError, openZip } from './safe-zip.js';

export const ARCHIVE_FORMAT = 'botflow-bot';
export const ARCHIVE_VERSION = 1;
export const BOT_JSON_NAME = 'bot_info.json';
export const AVATARS_DIR = 'theme_assets/avatars/';
export const NOT_A_ZIP = 'Please select a valid .zip bot file';
export const NO_BOT_JSON = 'No Bot JSON file found in the zip.';
const MAX_JSON_BYTES = 1024 * 1024;
const AVATAR_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.gif', '.webp']);

export interface ArchiveInput {
  bot: BotFields;
  theme: Theme;
  /** Extra top-level sections of bot_info.json (flow, flow_templates, …). */
  sections?: Record<string, unknown>;
  /** Reads one of our uploads by URL; null when the file is gone. */
  readUpload(url: string): Promise<Buffer | null>;
}

/** Builds the archive; upload URLs become paths inside the zip, other URLs stay as they are. */
export async function buildBotArchive(input: ArchiveInput): Promise<Buffer> {
  const zip = new JSZip();
  const packed = new Map<string, string | null>();
  const pack = async (url: string | null): Promise<string | null> => {
    if (!isAvatarUpload(url)) return url;
    if (!packed.has(url)) {
      const data = await input.readUpload(url);
      const inZip = data ? `${AVATARS_DIR}${path.posix.basename(url)}` : null;
      if (data && inZip) zip.file(inZip, data);
      packed.set(url, inZip);
    }
    return packed.get(url) ?? null;
  };
  const { bot, theme } = input;
  const document = {
    ...input.sections,
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    bot_data: { ...bot, customAvatar: await pack(bot.customAvatar) },
    theme: {
      ...theme,
      body: {
        ...theme.body,
        botAvatar: (await pack(theme.body.botAvatar)) ?? '',
        customAvatar: await pack(theme.body.customAvatar),
      },
    },
  };
  zip.file(BOT_JSON_NAME, JSON.stringify(document, null, 2));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

export interface ArchiveAvatar {
  data: Buffer;
  type: ImageType;
}

export interface ImportedArchive {
  /** The whole bot_info.json, for the sections other areas read. */
  document: Record<string, unknown>;
  botData: unknown;
  theme: unknown;
  /** The avatars found under theme_assets/avatars/, by their path inside the zip. */
  avatars: Map<string, ArchiveAvatar>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** bot_info.json, the shallowest one if a tool wrapped everything in a folder. */
function findBotJson(names: string[]): string | undefined {
  const depth = (name: string) => name.split('/').length;
  return names
    .filter((name) => path.posix.basename(name) === BOT_JSON_NAME)
    .sort((a, b) => depth(a) - depth(b))[0];
}

/** Reads and checks an uploaded archive; throws ArchiveError with the message to show. */
export async function readBotArchive(data: Buffer): Promise<ImportedArchive> {
  const zip = await openZip(data, NOT_A_ZIP);
  const names = [...zip.files.keys()];
  const jsonName = findBotJson(names);
  if (!jsonName) throw new ArchiveError(NO_BOT_JSON);
  let document: unknown;
  try {
    document = JSON.parse((await zip.read(jsonName, MAX_JSON_BYTES)).toString('utf8'));
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError('The bot JSON file is not valid JSON.');
  }
  if (!isObject(document) || !isObject(document.bot_data)) {
    throw new ArchiveError('The bot JSON file has no bot_data.');
  }
  if (typeof document.version === 'number' && document.version > ARCHIVE_VERSION) {
    throw new ArchiveError('This bot file was made by a newer version of BotFlow.');
  }
  const base = jsonName.slice(0, jsonName.length - BOT_JSON_NAME.length);
  const avatars = new Map<string, ArchiveAvatar>();
  for (const name of names) {
    if (!name.startsWith(`${base}${AVATARS_DIR}`)) continue;
    const extension = path.posix.extname(name).toLowerCase();
    const content = AVATAR_EXTENSIONS.has(extension) ? await zip.read(name, MAX_AVATAR_BYTES) : null;
    const type = content ? sniffImage(content) : null;
    if (!content || !type) {
      throw new ArchiveError('Avatars in the bot file must be jpg, jpeg, png, gif or webp images.');
    }
    avatars.set(name.slice(base.length), { data: content, type });
  }
  return { document, botData: document.bot_data, theme: document.theme, avatars };
}

/**
 * What an avatar reference of an imported bot points at: a file of the archive, an address kept
 * as it is, or nothing. Paths of the importing server's own uploads are never
 * accepted from a file: they could name another customer's image.
 */
export function resolveAvatarRef(
  ref: unknown,
  avatars: Map<string, ArchiveAvatar>,
): { file: string } | { url: string } | null {
  if (typeof ref !== 'string' || ref.trim() === '') return null;
  const inZip = ref.replace(/^\.?\//, '');
  if (inZip.startsWith(AVATARS_DIR)) {
    if (!avatars.has(inZip)) throw new ArchiveError(`The avatar ${inZip} is missing from the bot file.`);
    return { file: inZip };
  }
  // Presets and outside images stay as they are; the importing server's upload folder is off limits.
  return ref.startsWith('/uploads/') || isAvatarUpload(ref) ? null : { url: ref };
}
