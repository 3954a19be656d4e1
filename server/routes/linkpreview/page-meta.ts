// A page's preview (spec 3 §7, knowledge links): its title, description, image and site name,
// from the Open Graph tags (og:…), then the Twitter card tags, then <title> and the description
// meta tag. The image is made absolute against the page's address.
import { scanHead } from './html-tags.js';

export interface PageMeta {
  title: string | null;
  description: string | null;
  image: string | null;
  site_name: string | null;
}

const MAX_TITLE = 300;
const MAX_DESCRIPTION = 1000;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  copy: '©',
  reg: '®',
  trade: '™',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body[0] !== '#') return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
    const code =
      body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Decoded, whitespace folded, cut to `max`; null when nothing is left. */
function clean(text: string | undefined, max: number): string | null {
  if (text === undefined) return null;
  const folded = decodeEntities(text).replace(/\s+/g, ' ').trim();
  return folded ? folded.slice(0, max) : null;
}

function absoluteHttpUrl(text: string | null, base: string): string | null {
  if (!text) return null;
  try {
    const url = new URL(text, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export function readPageMeta(html: string, pageUrl: string): PageMeta {
  const meta = new Map<string, string>();
  let title: string | undefined;
  scanHead(html, (tag, text) => {
    if (tag.name === 'title' && title === undefined) title = text();
    if (tag.name !== 'meta') return;
    const key = (tag.attributes.get('property') ?? tag.attributes.get('name') ?? '').trim().toLowerCase();
    const content = tag.attributes.get('content');
    // The first of repeated tags wins, as link unfurlers do.
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
  });
  const first = (...keys: string[]) => keys.map((key) => meta.get(key)).find((value) => value?.trim());
  const image = clean(first('og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image'), 2048);
  return {
    title: clean(first('og:title', 'twitter:title') ?? title, MAX_TITLE),
    description: clean(first('og:description', 'twitter:description', 'description'), MAX_DESCRIPTION),
    image: absoluteHttpUrl(image, pageUrl),
    site_name: clean(first('og:site_name', 'application-name'), MAX_TITLE) ?? new URL(pageUrl).hostname,
  };
}
