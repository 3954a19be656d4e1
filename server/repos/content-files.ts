// The files of content elements (images, carousel images, file variables): stored under
// DATA_DIR/uploads/content with random names and served at /uploads/content/<name> by the static
// plugin, which picks the content type from the extension. The extension is chosen here from the
// file's first bytes, never from the name or the mimetype the client claims, so a file is always
// served as what it really is. The names are 128 random bits: the chat widget loads them without a
// bearer token, so knowing the URL is what grants access, as for avatars.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sniffImage, type ImageType } from './uploads.js';

export type StoredFileType = ImageType | 'pdf';

export const CONTENT_URL_PREFIX = '/uploads/content/';

/** Exactly the names this module gives files; anything else is not one of our content uploads. */
const CONTENT_URL_RULE = /^\/uploads\/content\/([0-9a-f]{32}\.(?:jpg|png|gif|webp|pdf))$/;

/** What the static plugin sends each stored type as (by its extension). */
export const MIME_TYPES: Record<StoredFileType, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** An image (jpg, png, gif, webp) or a PDF by its magic bytes, or null for anything else. */
export function sniffFile(data: Buffer): StoredFileType | null {
  const image = sniffImage(data);
  if (image) return image;
  return data.subarray(0, 5).toString('latin1') === '%PDF-' ? 'pdf' : null;
}

export function isContentUpload(url: unknown): url is string {
  return typeof url === 'string' && CONTENT_URL_RULE.test(url);
}

function contentDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'content');
}

function fileOf(dataDir: string, url: string): string | null {
  const match = CONTENT_URL_RULE.exec(url);
  return match ? path.join(contentDir(dataDir), match[1]) : null;
}

function freshName(type: string): string {
  return `${crypto.randomBytes(16).toString('hex')}.${type}`;
}

/** Writes an already checked file under a fresh random name and answers its URL. */
export async function saveContentFile(dataDir: string, data: Buffer, type: StoredFileType): Promise<string> {
  const dir = contentDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const name = freshName(type);
  // 'wx': never overwrite, even in the (astronomically unlikely) case of a repeated name.
  await fs.writeFile(path.join(dir, name), data, { flag: 'wx' });
  return `${CONTENT_URL_PREFIX}${name}`;
}

/** A copy of one of our uploads under a new name (a cloned element owns its own files). */
export async function copyContentFile(dataDir: string, url: string): Promise<string | null> {
  const source = fileOf(dataDir, url);
  if (!source) return null;
  const name = freshName(path.extname(source).slice(1));
  try {
    await fs.copyFile(source, path.join(contentDir(dataDir), name), fs.constants.COPYFILE_EXCL);
  } catch (error) {
    // A file lost from the disk leaves the copy without it rather than failing the duplicate.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return `${CONTENT_URL_PREFIX}${name}`;
}

/** Removes content uploads; anything that is not one (an external image URL) is left alone. */
export async function removeContentFiles(dataDir: string, urls: Iterable<string>): Promise<void> {
  for (const url of urls) {
    const file = fileOf(dataDir, url);
    if (file) await fs.rm(file, { force: true });
  }
}

/** Removes the files owned `before` a change that are no longer owned `after` it. */
export async function releaseContentFiles(dataDir: string, before: string[], after: string[]): Promise<void> {
  const kept = new Set(after);
  await removeContentFiles(
    dataDir,
    before.filter((url) => !kept.has(url)),
  );
}
