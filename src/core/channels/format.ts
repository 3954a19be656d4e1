// The bot's texts are HTML written in the editor (spec 2: rich text). A chat channel shows a small
// subset of it: Telegram's HTML parse mode knows a dozen tags and only four entities
// (https://core.telegram.org/bots/api#html-style); WhatsApp knows no HTML at all, only its
// markdown-like markers (*bold*, _italic_, ~strike~, ```mono```). These functions map the editor's
// HTML onto each, keep the words of every tag they cannot show, and split long texts at a
// channel's maximum length on word boundaries. `[[written:spoken]]` pairs show the written part.
import { displayText } from '../text/speech';

const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>|[^<]+|</g;
const ENTITY = /&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi;
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Entities decoded to characters (unknown names kept as written). */
export function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED[name.toLowerCase()] ?? whole;
    const code = decimal !== undefined ? Number(decimal) : parseInt(hex ?? '', 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Tags that end a line (a paragraph, a line break, a list item, a heading). */
const BLOCK = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'blockquote',
  'pre',
]);
const HEADING = /^h[1-6]$/;

type Style = 'bold' | 'italic' | 'underline' | 'strike' | 'code' | 'pre' | 'link' | 'quote' | 'spoiler';
const STYLE_OF: Readonly<Record<string, Style>> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  ins: 'underline',
  s: 'strike',
  strike: 'strike',
  del: 'strike',
  code: 'code',
  pre: 'pre',
  a: 'link',
  blockquote: 'quote',
  'tg-spoiler': 'spoiler',
};

/** One piece of the text: words with the styles around them, or a line break. */
type Piece = { text: string; styles: Style[]; href?: string } | { newline: true };

function hrefOf(attributes: string): string | undefined {
  const match = /\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
  const href = match ? decodeEntities(match[2] ?? match[3] ?? match[4] ?? '') : '';
  // Only links a phone can open: no javascript:, no relative paths.
  return /^(https?:|mailto:|tel:)/i.test(href) ? href : undefined;
}

/** The HTML as styled pieces (styles the channels cannot show are dropped, their words kept). */
function pieces(html: string): Piece[] {
  const out: Piece[] = [];
  const stack: { tag: string; style?: Style; href?: string }[] = [];
  const styles = () => stack.flatMap((s) => (s.style ? [s.style] : []));
  const href = () => [...stack].reverse().find((s) => s.href)?.href;
  // A block's end and the next block's start make one line break (a <br> always makes its own).
  const newline = () => {
    const last = out[out.length - 1];
    if (last && !('newline' in last)) out.push({ newline: true });
  };
  for (const match of displayText(html).matchAll(TOKEN)) {
    const [whole, closing, rawTag, attributes = ''] = match;
    if (whole.startsWith('<!--')) continue;
    if (!rawTag) {
      const text = decodeEntities(whole).replace(/[ \t\r\n]+/g, ' ');
      if (text) out.push({ text, styles: styles(), href: href() });
      continue;
    }
    const tag = rawTag.toLowerCase();
    if (closing) {
      const at = stack.map((s) => s.tag).lastIndexOf(tag);
      if (at >= 0) stack.length = at;
      if (BLOCK.has(tag)) newline();
      continue;
    }
    if (tag === 'br') {
      out.push({ newline: true });
      continue;
    }
    if (BLOCK.has(tag) && out.length) newline();
    if (tag === 'li') out.push({ text: '• ', styles: styles() });
    const style: Style | undefined = HEADING.test(tag) ? 'bold' : STYLE_OF[tag];
    if (tag === 'span' && /tg-spoiler/.test(attributes)) stack.push({ tag, style: 'spoiler' });
    else if (!/^(img|hr|input|meta|link)$/.test(tag) && !/\/\s*$/.test(attributes))
      stack.push({ tag, style, href: tag === 'a' ? hrefOf(attributes) : undefined });
  }
  return out;
}

/** Joins the pieces' lines, trimming each line and dropping runs of more than one empty line. */
function tidyLines(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const TELEGRAM_TAG: Readonly<Record<Style, string>> = {
  bold: 'b',
  italic: 'i',
  underline: 'u',
  strike: 's',
  code: 'code',
  pre: 'pre',
  link: 'a',
  quote: 'blockquote',
  spoiler: 'tg-spoiler',
};

/** The editor's HTML as Telegram HTML (parse_mode HTML): only Telegram's tags, text escaped. */
export function toTelegramHtml(html: string): string {
  let out = '';
  for (const piece of pieces(html)) {
    if ('newline' in piece) {
      out += '\n';
      continue;
    }
    let text = escapeHtml(piece.text);
    // Inner styles first, so the tags nest properly; a link wraps them all.
    for (const style of [...new Set(piece.styles)].reverse()) {
      if (style === 'link') continue;
      const tag = TELEGRAM_TAG[style];
      text = `<${tag}>${text}</${tag}>`;
    }
    if (piece.href) text = `<a href="${escapeHtml(piece.href).replace(/"/g, '&quot;')}">${text}</a>`;
    out += text;
  }
  return tidyLines(out.replace(/<\/(b|i|u|s|code|tg-spoiler)><\1>/g, ''));
}

const WHATSAPP_MARK: Partial<Record<Style, string>> = {
  bold: '*',
  italic: '_',
  strike: '~',
  code: '```',
  pre: '```',
};

/** Marks a run of words; WhatsApp needs the markers next to the words, spaces outside. */
function mark(text: string, marker: string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!;
  return match[2] ? `${match[1]}${marker}${match[2]}${marker}${match[3]}` : text;
}

/** The editor's HTML as WhatsApp text: *bold*, _italic_, ~strike~, ```mono```, links written out. */
export function toWhatsAppText(html: string): string {
  let out = '';
  // Consecutive pieces with the same styles are marked as one run ("*two words*").
  let run: { text: string; styles: Style[]; href?: string } | null = null;
  const flush = () => {
    if (!run) return;
    let text = run.text;
    for (const style of [...new Set(run.styles)]) {
      const marker = WHATSAPP_MARK[style];
      if (marker) text = mark(text, marker);
    }
    if (run.href && run.text.trim() !== run.href) text = `${text} (${run.href})`;
    out += text;
    run = null;
  };
  for (const piece of pieces(html)) {
    if ('newline' in piece) {
      flush();
      out += '\n';
      continue;
    }
    if (run && run.href === piece.href && run.styles.join() === piece.styles.join()) run.text += piece.text;
    else {
      flush();
      run = { ...piece };
    }
  }
  flush();
  return tidyLines(out);
}

/** The text without any formatting (button titles, list rows, captions on WhatsApp). */
export function plainText(html: string): string {
  return tidyLines(
    pieces(html)
      .map((p) => ('newline' in p ? '\n' : p.text))
      .join(''),
  );
}

const length = (text: string) => [...text].length;

/**
 * Splits plain text into parts of at most `max` characters, at a line break or a space where there
 * is one (a word longer than `max` is cut).
 */
export function splitText(text: string, max: number): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (length(rest) > max) {
    const head = [...rest].slice(0, max + 1).join('');
    let cut = head.lastIndexOf('\n');
    if (cut < max / 2) cut = head.lastIndexOf(' ');
    if (cut <= 0) cut = [...rest].slice(0, max).join('').length;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

/**
 * Splits Telegram HTML into parts of at most `max` characters of visible text, at word
 * boundaries, closing the tags open at a cut and opening them again in the next part, so every part
 * parses on its own.
 */
export function splitTelegramHtml(html: string, max: number): string[] {
  const visible = (s: string) => length(decodeEntities(s.replace(/<[^>]*>/g, '')));
  if (visible(html) <= max) return html ? [html] : [];
  const parts: string[] = [];
  const open: { name: string; tag: string }[] = [];
  let current = '';
  let size = 0;
  const closeAll = () =>
    open
      .map((t) => `</${t.name}>`)
      .reverse()
      .join('');
  const emit = () => {
    const text = (current + closeAll()).trim();
    if (visible(text)) parts.push(text);
    current = open.map((t) => t.tag).join('');
    size = 0;
  };
  for (const match of html.matchAll(/<(\/?)([a-z-]+)[^>]*>|[^<\s]+|\s+/g)) {
    const [token, closing, name] = match;
    if (name) {
      if (closing) open.splice(open.map((t) => t.name).lastIndexOf(name), 1);
      else open.push({ name, tag: token });
      current += token;
      continue;
    }
    let word = token;
    if (size + visible(word) > max && size > 0) {
      emit();
      if (!word.trim()) continue;
    }
    // A word longer than a whole part is cut (between characters, never inside an entity).
    while (visible(word) > max) {
      const chars = word.match(/&[a-z#0-9]+;|[\s\S]/gu)!;
      current += chars.slice(0, max - size).join('');
      word = chars.slice(max - size).join('');
      size = max;
      emit();
    }
    current += word;
    size += visible(word);
  }
  emit();
  return parts;
}
