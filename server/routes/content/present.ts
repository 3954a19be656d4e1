// How content elements leave the server. Our uploads are stored as paths (/uploads/content/…)
// and sent as absolute URLs, so the widget on another site can load them; external image links
// are sent as they were given. Coming back, the editor may echo either form.
import type { StoredContent } from '../../repos/content.js';
import { absoluteUrl } from '../bots/present.js';

export interface PresentedContent {
  id: string;
  type: StoredContent['type'];
  title: string;
  content: unknown;
  reviewable: boolean;
  is_template_content: boolean;
  template_name: string | null;
  /** The image or file the element shows (absolute), or null for texts, videos and carousels. */
  url: string | null;
  created_at: number;
  updated_at: number;
}

/** Replaces every string of a JSON value that `map` knows. */
export function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  }
  return value;
}

function mainUrl(content: StoredContent): string | null {
  const value = content.content as Record<string, unknown> | null;
  if (content.type === 'image' || content.type === 'image-link') {
    return typeof value?.en === 'string' ? value.en : null;
  }
  if (content.type === 'file-variable') return typeof value?.url === 'string' ? value.url : null;
  return null;
}

export function presentContent(content: StoredContent, publicUrl: string): PresentedContent {
  // Only the files the element owns are rewritten: a text that happens to look like a path stays.
  const owned = new Set(content.files);
  const absolute = (text: string) => (owned.has(text) ? absoluteUrl(text, publicUrl) : text);
  const url = mainUrl(content);
  return {
    id: content.id,
    type: content.type,
    title: content.title,
    content: mapStrings(content.content, absolute),
    reviewable: content.reviewable,
    is_template_content: content.templateName !== null,
    template_name: content.templateName,
    url: url === null ? null : absolute(url),
    created_at: content.createdAt,
    updated_at: content.updatedAt,
  };
}

/** An upload URL as the editor may echo it (absolute, from presentContent) back as its path. */
export function uploadPathOf(url: string, publicUrl: string): string {
  return url.startsWith(`${publicUrl}/uploads/`) ? url.slice(publicUrl.length) : url;
}
