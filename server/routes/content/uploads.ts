// Upload checks and the write pattern shared by the image, carousel and file calls. A file is
// judged by its bytes (magic numbers), never by its name or the mimetype the client claims, and
// is written only once the whole request is valid.
import { bytesOf, type UploadedFile } from '../../http/uploads.js';
import {
  releaseContentFiles,
  removeContentFiles,
  saveContentFile,
  sniffFile,
  type StoredFileType,
} from '../../repos/content-files.js';
import type { StoredContent } from '../../repos/content.js';

/** Images are shown in a chat bubble; 5 MB is plenty (and what avatars allow). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** File variables may be scanned PDFs. */
export const MAX_FILE_VARIABLE_BYTES = 10 * 1024 * 1024;

const IMAGE_TYPES: StoredFileType[] = ['jpg', 'png', 'gif', 'webp'];
/** Spec 2 §5: a file variable holds a gif, jpeg, png or pdf. */
const FILE_VARIABLE_TYPES: StoredFileType[] = ['gif', 'jpg', 'png', 'pdf'];
export const UNSUPPORTED_FILE = 'Unsupported file';

export interface CheckedFile {
  data: Buffer;
  type: StoredFileType;
  filename: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; key: string };

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

function checkFile(
  file: UploadedFile,
  key: string,
  maxBytes: number,
  types: StoredFileType[],
  wrongType: string,
): Checked<CheckedFile> {
  if (file.data.length === 0) return { ok: false, key, message: `${key} is empty` };
  if (file.data.length > maxBytes) {
    return { ok: false, key, message: `${key} is too large (${megabytes(maxBytes)} at most)` };
  }
  const data = bytesOf(file.data);
  const type = sniffFile(data);
  if (!type || !types.includes(type)) return { ok: false, key, message: wrongType };
  return { ok: true, value: { data, type, filename: file.filename } };
}

export function checkImage(file: UploadedFile, key: string): Checked<CheckedFile> {
  return checkFile(file, key, MAX_IMAGE_BYTES, IMAGE_TYPES, `${key} must be a jpg, png, gif or webp image`);
}

export function checkFileVariable(file: UploadedFile, key: string): Checked<CheckedFile> {
  return checkFile(file, key, MAX_FILE_VARIABLE_BYTES, FILE_VARIABLE_TYPES, UNSUPPORTED_FILE);
}

/** Every file checked, or the first refusal. */
export function checkAll(files: UploadedFile[], check: (file: UploadedFile) => Checked<CheckedFile>) {
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const result = check(file);
    if (!result.ok) return result;
    checked.push(result.value);
  }
  return { ok: true as const, value: checked };
}

/**
 * Writes the new files, then the row (`write` gets their URLs). When the row is not written
 * (null: a taken or missing id) or the write throws, the new files are removed again; when it is,
 * the files the row owned `before` and no longer owns are removed.
 */
export async function storeWithFiles(
  dataDir: string,
  uploads: CheckedFile[],
  before: string[],
  write: (urls: string[]) => Promise<StoredContent | null>,
): Promise<StoredContent | null> {
  const urls: string[] = [];
  try {
    for (const upload of uploads) urls.push(await saveContentFile(dataDir, upload.data, upload.type));
    const stored = await write(urls);
    if (!stored) {
      await removeContentFiles(dataDir, urls);
      return null;
    }
    await releaseContentFiles(dataDir, before, stored.files);
    return stored;
  } catch (error) {
    await removeContentFiles(dataDir, urls);
    throw error;
  }
}

/** A client's file name, as a title or label: no folders, no control characters, not too long. */
export function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 200) || 'file';
}
