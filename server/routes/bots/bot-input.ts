// The checks every saved bot goes through, whichever route it comes by (create, update, import).
import type { Kysely } from 'kysely';
import { botFieldsSchema, checkBot } from '../../../src/core/bot/schema.js';
import type { BotFields } from '../../../src/core/bot/types.js';
import type { Database } from '../../db/schema.js';
import { languagesById } from '../../repos/bots.js';
import { isAvatarUpload, MAX_AVATAR_BYTES, sniffImage, type ImageType } from '../../repos/uploads.js';
import { bytesOf, type UploadedFile } from '../../http/uploads.js';

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; key: string };

const refuse = (key: string, message: string) => ({ ok: false as const, key, message });

/** checkBot, then what only the server knows: which languages exist. */
export async function checkBotForSave(
  db: Kysely<Database>,
  fields: Record<string, unknown>,
): Promise<Checked<BotFields>> {
  const result = checkBot(fields);
  if (!result.valid) return refuse(result.errors[0].field, result.errors[0].message);
  const bot = botFieldsSchema.parse(fields);
  const languages = await languagesById(db);
  if (!bot.supported_languages.every((id) => languages.has(id))) {
    return refuse('supported_languages', 'supported_languages is invalid');
  }
  // Uploads are attached through avatar_file only; a typed-in upload path could name someone else's.
  if (isAvatarUpload(bot.avatar)) return refuse('avatar', 'avatar is invalid');
  return { ok: true, value: bot };
}

/** An uploaded avatar image, typed by its content. */
export function checkAvatarFile(file: UploadedFile, key: string): Checked<{ data: Buffer; type: ImageType }> {
  const data = bytesOf(file.data);
  const type = sniffImage(data);
  if (!type) return refuse(key, `${key} must be a jpg, png, gif or webp image`);
  if (data.length > MAX_AVATAR_BYTES) return refuse(key, `${key} is too large (5 MB at most)`);
  return { ok: true, value: { data, type } };
}
