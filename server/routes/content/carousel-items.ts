// A carousel's items (spec 2 §3 "Carousel item"): url items carry their link, list and
// file-variable items name a variable, and file items show an image uploaded from the device.
// The upload arrives in the same form: each file item without an image yet (no url, or the
// browser's blob: preview) takes the next file of `images`, in item order. A file item that keeps
// its image names one of the carousel's own uploads; naming another element's upload is refused,
// so an element only ever owns (and may delete) files it was given.
import { z } from 'zod';
import { carouselItemSchema, type CarouselItem } from '../../../src/core/flow/index.js';
import { isContentUpload } from '../../repos/content-files.js';
import { uploadPathOf } from './present.js';
import type { Checked } from './uploads.js';

export const MAX_CAROUSEL_ITEMS = 50;
const MAX_ITEMS_JSON = 100_000;

const itemsSchema = z.array(carouselItemSchema);

/** The items from `content`: the list itself, or `{ en: list }` as the node keeps it. */
export function parseItems(value: unknown): Checked<CarouselItem[]> {
  const list =
    value && typeof value === 'object' && !Array.isArray(value) ? (value as { en?: unknown }).en : value;
  const parsed = itemsSchema.safeParse(list);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? ` (item ${issue.path.join('.')})` : '';
    return { ok: false, key: 'content', message: `content must be a list of carousel items${where}` };
  }
  if (!parsed.data.length)
    return { ok: false, key: 'content', message: 'A carousel needs at least one item' };
  if (parsed.data.length > MAX_CAROUSEL_ITEMS) {
    return { ok: false, key: 'content', message: `A carousel has ${MAX_CAROUSEL_ITEMS} items at most` };
  }
  if (JSON.stringify(parsed.data).length > MAX_ITEMS_JSON) {
    return { ok: false, key: 'content', message: 'content is too long' };
  }
  return { ok: true, value: parsed.data };
}

export interface ImagePlan {
  /** The items, with kept images as paths. */
  items: CarouselItem[];
  /** Indexes of the file items waiting for an uploaded image, in order. */
  waiting: number[];
  /** The carousel's own uploads that stay. */
  kept: string[];
}

/** Which file items keep their image and which take an upload; `owned` is what the carousel had. */
export function planImages(items: CarouselItem[], owned: string[], publicUrl: string): Checked<ImagePlan> {
  const waiting: number[] = [];
  const kept: string[] = [];
  const planned: CarouselItem[] = [];
  for (const [index, item] of items.entries()) {
    if (item.type !== 'file') {
      planned.push(item);
      continue;
    }
    const url = uploadPathOf((item.url ?? '').trim(), publicUrl);
    if (url === '' || url.startsWith('blob:')) {
      waiting.push(index);
      planned.push({ ...item, url: '' });
    } else if (isContentUpload(url)) {
      if (!owned.includes(url)) {
        return {
          ok: false,
          key: 'content',
          message: `Carousel item ${item.id} names an image of another element`,
        };
      }
      if (!kept.includes(url)) kept.push(url);
      planned.push({ ...item, url });
    } else {
      planned.push(item);
    }
  }
  return { ok: true, value: { items: planned, waiting, kept } };
}

/** The items with the uploaded images in the waiting file items. */
export function placeImages(plan: ImagePlan, urls: string[]): CarouselItem[] {
  const items = [...plan.items];
  plan.waiting.forEach((index, n) => {
    items[index] = { ...items[index], url: urls[n] };
  });
  return items;
}
