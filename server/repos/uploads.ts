// Uploaded avatar files: stored under DATA_DIR/uploads/avatars with random names and served at
// /uploads/avatars/<name>. A file's type is read from its first bytes, never from the name or the
// mimetype the client claims, and its extension is chosen from that type.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export type ImageType = 'jpg' | 'png' | 'gif' | 'webp';

export const AVATAR_URL_PREFIX = '/uploads/avatars/';

/** An avatar larger than this is refused: it is shown at a few dozen pixels. */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;

/** Exactly the names this module gives files; anything else is not one of our uploads. */
const AVATAR_URL_RULE = /^\/uploads\/avatars\/([0-9a-f]{32}\.(?:jpg|png|gif|webp))$/;

function startsWith(data: Buffer, bytes: number[], offset = 0): boolean {
  return data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);
}

/** The image type of `data` by its magic bytes, or null when it is not a jpg, png, gif or webp. */
export function sniffImage(data: Buffer): ImageType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0x47, 0x49, 0x46, 0x38]) && (data[4] === 0x37 || data[4] === 0x39)) return 'gif';
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'webp';
  }
  return null;
}

export function isAvatarUpload(url: string | null | undefined): url is string {
  return typeof url === 'string' && AVATAR_URL_RULE.test(url);
}

function avatarsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'avatars');
}

function fileOf(dataDir: string, url: string): string | null {
  const match = AVATAR_URL_RULE.exec(url);
  return match ? path.join(avatarsDir(dataDir), match[1]) : null;
}

/** Writes an already sniffed image under a fresh random name and answers its URL. */
export async function saveAvatar(dataDir: string, data: Buffer, type: ImageType): Promise<string> {
  const dir = avatarsDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const name = `${crypto.randomBytes(16).toString('hex')}.${type}`;
  // 'wx': never overwrite, even in the (astronomically unlikely) case of a repeated name.
  await fs.writeFile(path.join(dir, name), data, { flag: 'wx' });
  return `${AVATAR_URL_PREFIX}${name}`;
}

export async function readAvatar(dataDir: string, url: string): Promise<Buffer | null> {
  const file = fileOf(dataDir, url);
  if (!file) return null;
  return fs.readFile(file).catch(() => null);
}

/** Removes uploaded avatars; other URLs (presets, external images) are left alone. */
export async function removeAvatars(dataDir: string, urls: Iterable<string | null | undefined>) {
  for (const url of urls) {
    const file = url ? fileOf(dataDir, url) : null;
    if (file) await fs.rm(file, { force: true });
  }
}

/** Removes the uploads referenced `before` that are no longer referenced `after` a change. */
export async function releaseAvatars(
  dataDir: string,
  before: Iterable<string | null | undefined>,
  after: Iterable<string | null | undefined>,
) {
  const kept = new Set(after);
  await removeAvatars(
    dataDir,
    [...before].filter((url) => !kept.has(url)),
  );
}
