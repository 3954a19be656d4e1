// Reading a zip that a stranger uploaded. Every archive is treated as hostile: its size, its
// number of entries, its entry names and how much it unpacks to are all bounded, and the sizes a
// zip declares are not trusted (an entry is counted while it is being inflated).
import JSZip from 'jszip';
import { countZipEntries } from './zip-directory.js';

export const ZIP_LIMITS = {
  /** The uploaded file itself. */
  zipBytes: 10 * 1024 * 1024,
  entries: 200,
  /** Everything the archive declares it unpacks to. */
  declaredBytes: 50 * 1024 * 1024,
  /** Everything actually inflated during one import. */
  inflatedBytes: 20 * 1024 * 1024,
};

/** A problem with the uploaded archive; its message is shown to the user as it is. */
export class ArchiveError extends Error {
  constructor(
    message: string,
    /** The field the problem is about, when it is one (bot_data's "name", say). */
    readonly key = 'uploaded_bot_file',
  ) {
    super(message);
  }
}

/** A zip starts with a local file header, or with the end record when it is empty. */
function looksLikeZip(data: Buffer): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && (data[2] === 3 || data[2] === 5);
}

/** Entry names that would escape the folder they are unpacked to, or that no tool writes. */
export function isUnsafeEntryName(name: string): boolean {
  if (name.includes('\0') || name.includes('\\')) return true;
  if (name.startsWith('/') || /^[a-z]:/i.test(name)) return true;
  return name.split('/').some((part) => part === '..');
}

// JSZip keeps each entry's declared size on a private field; it is only used for the cheap
// early refusal, the real limit is counted while inflating.
function declaredSize(file: JSZip.JSZipObject): number {
  const size = (file as unknown as { _data?: { uncompressedSize?: unknown } })._data?.uncompressedSize;
  if (typeof size !== 'number') return 0;
  // JSZip reads the 32-bit field as signed: a "negative" size is a huge one.
  return size < 0 ? size + 2 ** 32 : size;
}

export interface OpenedZip {
  /** File entries (not folders) by their name inside the zip. */
  files: Map<string, JSZip.JSZipObject>;
  /** Inflates one entry, refusing it past `limit` bytes or past the archive's total budget. */
  read(name: string, limit: number): Promise<Buffer>;
}

/** Opens an uploaded zip after the checks that need no inflating. */
export async function openZip(data: Buffer, invalidMessage: string): Promise<OpenedZip> {
  if (data.length > ZIP_LIMITS.zipBytes) {
    throw new ArchiveError(`The bot file is too large (${ZIP_LIMITS.zipBytes / 1024 / 1024} MB at most).`);
  }
  if (!looksLikeZip(data)) throw new ArchiveError(invalidMessage);
  const tooMany = () =>
    new ArchiveError(`The bot file has too many entries (${ZIP_LIMITS.entries} at most).`);
  // Counted from the archive's end first: parsing a huge index would already cost the server.
  if ((countZipEntries(data, ZIP_LIMITS.entries) ?? 0) > ZIP_LIMITS.entries) throw tooMany();
  let zip: JSZip;
  try {
    // No checkCRC32: it would inflate every entry up front, before any limit applies.
    zip = await JSZip.loadAsync(data);
  } catch {
    throw new ArchiveError(invalidMessage);
  }
  const entries = Object.values(zip.files);
  if (entries.length > ZIP_LIMITS.entries) throw tooMany();
  const files = new Map<string, JSZip.JSZipObject>();
  let declared = 0;
  for (const entry of entries) {
    // JSZip already resolves "..", so the original name is the one to judge.
    if (isUnsafeEntryName(entry.unsafeOriginalName ?? entry.name) || isUnsafeEntryName(entry.name)) {
      throw new ArchiveError('The bot file contains an unsafe path.');
    }
    declared += declaredSize(entry);
    if (!entry.dir) files.set(entry.name, entry);
  }
  if (declared > ZIP_LIMITS.declaredBytes) throw new ArchiveError('The bot file is too large once unpacked.');

  let inflated = 0;
  const read = (name: string, limit: number) =>
    new Promise<Buffer>((resolve, reject) => {
      const entry = files.get(name);
      if (!entry) return reject(new ArchiveError(`${name} is missing from the bot file.`));
      const chunks: Buffer[] = [];
      let size = 0;
      const stream = entry.nodeStream('nodebuffer');
      const stop = (error: Error) => {
        stream.removeAllListeners('data');
        stream.pause();
        reject(error);
      };
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        inflated += chunk.length;
        if (size > limit) return stop(new ArchiveError(`${name} is too large.`));
        if (inflated > ZIP_LIMITS.inflatedBytes) {
          return stop(new ArchiveError('The bot file is too large once unpacked.'));
        }
        chunks.push(chunk);
      });
      stream.on('error', () => reject(new ArchiveError(invalidMessage)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  return { files, read };
}
