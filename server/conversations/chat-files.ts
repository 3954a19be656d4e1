// Files guests upload in the chat (spec 3 §5: gif, jpeg, png, pdf): the type is read from the
// first bytes, never from the name or the claimed mimetype; stored under DATA_DIR/uploads/chat
// with a random name (served at /uploads/chat/… with nosniff by the static plugin).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sniffImage } from '../repos/uploads.js';
import type { GuestFile } from '../runtime/replies.js';

export const MAX_CHAT_FILE_BYTES = 10 * 1024 * 1024;
export const CHAT_FILE_URL_PREFIX = '/uploads/chat/';
const NAME_RULE = /^[0-9a-f]{32}\.(?:gif|jpg|png|pdf)$/;

const MIME: Record<string, string> = {
  gif: 'image/gif',
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

/** gif, jpg, png or pdf by the content, or null for anything else. */
export function sniffChatFile(data: Buffer): 'gif' | 'jpg' | 'png' | 'pdf' | null {
  const image = sniffImage(data);
  if (image === 'gif' || image === 'jpg' || image === 'png') return image;
  return data.subarray(0, 5).toString('latin1') === '%PDF-' ? 'pdf' : null;
}

export async function saveChatFile(
  dataDir: string,
  publicUrl: string,
  file: { filename: string; data: Buffer },
): Promise<GuestFile | null> {
  const type = sniffChatFile(file.data);
  if (!type) return null;
  const dir = path.join(dataDir, 'uploads', 'chat');
  await fs.mkdir(dir, { recursive: true });
  const name = `${crypto.randomBytes(16).toString('hex')}.${type}`;
  await fs.writeFile(path.join(dir, name), file.data, { flag: 'wx' });
  // Only the base name the guest gave is kept, and only for showing it.
  const shown = path.basename(file.filename || `file.${type}`).slice(0, 200);
  return {
    name: shown,
    url: `${publicUrl}${CHAT_FILE_URL_PREFIX}${name}`,
    type: MIME[type],
    size: file.data.length,
  };
}

/** The bytes of a stored chat file named by its URL; null for anything that is not one. */
export async function readChatFile(dataDir: string, file: GuestFile): Promise<Buffer | null> {
  const at = file.url.lastIndexOf(CHAT_FILE_URL_PREFIX);
  const name = at === -1 ? '' : file.url.slice(at + CHAT_FILE_URL_PREFIX.length);
  if (!NAME_RULE.test(name)) return null;
  return fs.readFile(path.join(dataDir, 'uploads', 'chat', name)).catch(() => null);
}
