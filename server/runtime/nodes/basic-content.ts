// A basic node's content entries as replies (spec 2 §3 "Content entry"): text, images, videos and
// carousels, in the guest's language with `${{name}}` filled in.
import type { CarouselItem, Entry } from '../../../src/core/flow/index.js';
import { youtubeEmbedUrl, youtubeId } from '../../../src/core/rules/youtube.js';
import { parseVariablePath, readVariablePath } from '../../../src/core/text/variable-path.js';
import type { CarouselImage, RenderedReply } from '../replies.js';
import type { Turn } from '../turn.js';

type ContentEntry = Extract<Entry, { type: 'content' }>;

export function contentReply(entry: ContentEntry, turn: Turn): RenderedReply | null {
  const { type, title } = entry.content;
  const texts = entry.content.content;
  if (type === 'image-carousel') {
    const items = Array.isArray(texts.en) ? texts.en : [];
    const images = items.flatMap((item) => carouselImages(item, turn));
    return images.length ? { type, content: images, title } : null;
  }
  const perLanguage = stringsOnly(texts);
  const content = turn.text(perLanguage);
  if (!content.trim()) return null;
  if (type === 'text') {
    const translations = turn.translations(perLanguage);
    return translations ? { type, content, translations } : { type, content };
  }
  if (type === 'video-link') {
    const id = youtubeId(content);
    return { type, content, title, embedUrl: id ? youtubeEmbedUrl(id) : null };
  }
  return { type, content, title };
}

function stringsOnly(texts: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [code, value] of Object.entries(texts)) if (typeof value === 'string') result[code] = value;
  return result;
}

/** The images one carousel item stands for: one for a URL or a file, many for a list variable. */
function carouselImages(item: CarouselItem, turn: Turn): CarouselImage[] {
  const scope = turn.scope();
  switch (item.type) {
    case 'url':
      return imageOf(turn.fill(item.url ?? ''));
    case 'file':
      return imageOf(item.url ?? fileUrl((item as { file?: unknown }).file));
    case 'file-variable':
      return imageOf(fileUrl(read(scope, item.variable_name ?? '')));
    case 'list': {
      const list = parseIfText(read(scope, listPath(item.name ?? '', item.targetListPath ?? '')));
      if (!Array.isArray(list)) return [];
      const property = item.targetListProperty?.trim() ?? '';
      return list.flatMap((element) => imageOf(fileUrl(property ? read(element, property) : element)));
    }
  }
}

function imageOf(url: string): CarouselImage[] {
  return url.trim() ? [{ url: url.trim() }] : [];
}

/** A URL from a string, or from an object that carries one (a stored file, an API record). */
function fileUrl(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of ['url', 'src', 'image', 'path'])
      if (typeof record[key] === 'string') return record[key];
  }
  return '';
}

/** `name` + `targetListPath` as one variable path: `data.items`, `[0].images` or `items`. */
function listPath(name: string, path: string): string {
  const inner = path.trim();
  if (!inner) return name.trim();
  return inner.startsWith('[') || inner.startsWith('.')
    ? `${name.trim()}${inner}`
    : `${name.trim()}.${inner}`;
}

function read(root: unknown, path: string): unknown {
  const steps = parseVariablePath(path.trim());
  return steps ? readVariablePath(root, steps) : undefined;
}

/** A list kept as JSON text (a json variable typed by the guest, a raw API body) is read as JSON. */
function parseIfText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
