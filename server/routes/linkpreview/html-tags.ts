// A small forward scanner over the start of an HTML page: just enough to find <title> and the
// <meta> tags of a page's head, tolerant of the malformed markup real pages have. It never builds
// a tree and never backtracks, so a hostile page costs one linear pass over at most the bytes the
// fetch let through.

export interface Tag {
  name: string;
  attributes: Map<string, string>;
  closing: boolean;
  /** Index just past the tag's '>'. */
  end: number;
}

/** Elements whose text is not markup: skipped whole so a '<meta' inside a script is not read. */
const RAW_TEXT = new Set(['script', 'style', 'noscript', 'template', 'textarea', 'iframe']);

const isSpace = (c: string) => c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';
const isNameChar = (c: string) => c !== '' && !isSpace(c) && c !== '>' && c !== '/' && c !== '=';

/** Where `</name` starts at or after `from` (any case), or the end of the text. */
export function closingTagAt(html: string, name: string, from: number): number {
  for (let at = html.indexOf('</', from); at !== -1; at = html.indexOf('</', at + 2)) {
    if (html.slice(at + 2, at + 2 + name.length).toLowerCase() === name) return at;
  }
  return html.length;
}

/** The tag starting at `start` (a '<'), or null when it is not a tag (a stray '<'). */
export function readTag(html: string, start: number): Tag | null {
  let i = start + 1;
  const closing = html[i] === '/';
  if (closing) i++;
  const nameStart = i;
  while (i < html.length && isNameChar(html[i])) i++;
  const name = html.slice(nameStart, i).toLowerCase();
  if (!name || !/^[a-z]/.test(name)) return null;
  const attributes = new Map<string, string>();
  while (i < html.length) {
    while (i < html.length && (isSpace(html[i]) || html[i] === '/')) i++;
    if (i >= html.length) break;
    if (html[i] === '>') return { name, attributes, closing, end: i + 1 };
    const attrStart = i;
    while (i < html.length && isNameChar(html[i])) i++;
    const attr = html.slice(attrStart, i).toLowerCase();
    if (i === attrStart) i++; // a lone '=': skip it
    while (i < html.length && isSpace(html[i])) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < html.length && isSpace(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        const stop = close === -1 ? html.length : close;
        value = html.slice(i + 1, stop);
        i = stop + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !isSpace(html[i]) && html[i] !== '>') i++;
        value = html.slice(valueStart, i);
      }
    }
    if (attr && !attributes.has(attr)) attributes.set(attr, value);
  }
  return { name, attributes, closing, end: html.length };
}

/**
 * Calls `visit` for each tag of the page's head, in order, with the text up to the next tag (for
 * <title>). Stops at </head>, at <body>, or when `visit` answers false.
 */
export function scanHead(html: string, visit: (tag: Tag, text: () => string) => boolean | void): void {
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) return;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const end = html.indexOf('>', lt);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    const tag = readTag(html, lt);
    if (!tag) {
      i = lt + 1;
      continue;
    }
    i = tag.end;
    if (tag.closing) {
      if (tag.name === 'head') return;
      continue;
    }
    if (tag.name === 'body') return;
    const textEnd = RAW_TEXT.has(tag.name) || tag.name === 'title' ? closingTagAt(html, tag.name, i) : i;
    const from = i;
    if (visit(tag, () => html.slice(from, textEnd)) === false) return;
    i = Math.max(i, textEnd);
  }
}
