// Spec 3 §5 Add file / Add link / Add video, shared by the dialogs and the server.
import { youtubeId } from '../rules/youtube';

export const ONLY_PDF_OR_TXT = 'Only PDF or TXT files are allowed';
export const LINK_NAME_FALLBACK = 'N/A';
/** Spec 3 §9: the only video platform listed. */
export const VIDEO_PLATFORMS = ['YouTube'] as const;

/** Issue 17 size limits (also in the README). */
export const MAX_KNOWLEDGE_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_PLAIN_TEXT_CHARS = 1_000_000;
export const MAX_PDF_PAGES = 2_000;

/** The plain-text title, normalised to lowercase letters, digits, dash and underscore. */
export function normaliseTextTitle(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9_-]/g, '');
}

/** 'pdf' or 'txt' by the file's name (the server checks the bytes as well). */
export function knowledgeFileType(filename: string): 'pdf' | 'txt' | null {
  const ext = /\.([^.]+)$/.exec(filename.toLowerCase())?.[1];
  if (ext === 'pdf') return 'pdf';
  if (ext === 'txt') return 'txt';
  return null;
}

const LINK =
  /^(?:https?|ftp):\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** An http, https or ftp address with a domain (spec 3 §5 Add link). */
export function isKnowledgeLink(text: string): boolean {
  return LINK.test(text.trim());
}

/** A YouTube watch, short or embed address with an 11-character id (spec 3 §5 Add video). */
export function isYoutubeLink(text: string): boolean {
  return youtubeId(text) !== null;
}

/** Spec 3 §9: knowledge name search debounce. */
export const KNOWLEDGE_SEARCH_DEBOUNCE_MS = 100;
/** Spec 3 §7/§9: lists poll every 5 s while processing, 5 s more per failed poll. */
export const KNOWLEDGE_POLL_MS = 5_000;
export const KNOWLEDGE_POLL_STEP_MS = 5_000;
/** Spec 3 §9: the delete confirmation closes by itself after 7 s. */
export const DELETE_CONFIRM_MS = 7_000;

/** 'N File(s) found' and the link and video forms (spec 3 §2). */
export function foundCount(count: number, kind: 'files' | 'links' | 'videos'): string {
  const noun = { files: 'File(s)', links: 'Link(s)', videos: 'Video(s)' }[kind];
  return `${count} ${noun} found`;
}

/** Spec 3 §2 empty search texts. */
export const NOTHING_FOUND = {
  files: 'No file found!',
  links: 'No link found!',
  videos: 'No video found!',
} as const;
