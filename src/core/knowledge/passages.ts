// Spec 3 / issue 17 item 4: text is cut into passages of about 800 characters for the index. The
// splitter is recursive: a section is cut at headings first, then paragraphs, then sentences,
// then words, so a passage ends at the largest boundary that keeps it under the size. Neighbours
// overlap by a sentence or so, so an answer that straddles a cut is still found in one piece.
// Each passage keeps where it came from (page, URL, heading) for the citation.

export const PASSAGE_SIZE = 800;
export const PASSAGE_OVERLAP = 120;

/** A stretch of source text: a PDF page, a web page, a transcript. */
export interface SourceSection {
  text: string;
  page?: number;
  url?: string;
  heading?: string;
}

export interface Passage {
  text: string;
  /** 0, 1, 2, … across the whole source. */
  position: number;
  page: number | null;
  url: string | null;
  heading: string | null;
}

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;

/** Splits at markdown-style headings; text before the first heading keeps the section's heading. */
function byHeadings(section: SourceSection): { heading: string | null; text: string }[] {
  const blocks: { heading: string | null; text: string }[] = [];
  let current = { heading: section.heading ?? null, lines: [] as string[] };
  for (const line of section.text.split('\n')) {
    const match = HEADING.exec(line);
    if (match) {
      if (current.lines.join('').trim())
        blocks.push({ heading: current.heading, text: current.lines.join('\n') });
      current = { heading: match[2], lines: [line] };
    } else current.lines.push(line);
  }
  if (current.lines.join('').trim())
    blocks.push({ heading: current.heading, text: current.lines.join('\n') });
  return blocks;
}

/** Boundaries from largest to smallest; the last one (a space) always exists in long text. */
const SEPARATORS: RegExp[] = [/\n\s*\n/, /\n/, /(?<=[.!?。؟])\s+/, /\s+/];

/** Pieces no longer than `size`, cut at the largest boundary possible. */
function pieces(text: string, size: number, level = 0): string[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  if (trimmed.length <= size) return [trimmed];
  if (level >= SEPARATORS.length) {
    const out: string[] = [];
    for (let at = 0; at < trimmed.length; at += size) out.push(trimmed.slice(at, at + size));
    return out;
  }
  return trimmed.split(SEPARATORS[level]).flatMap((part) => pieces(part, size, level + 1));
}

/** The tail of `text` (≤ overlap characters), starting at a word. */
function tail(text: string, overlap: number): string {
  if (text.length <= overlap) return text;
  const cut = text.slice(-overlap);
  const space = cut.indexOf(' ');
  return space >= 0 ? cut.slice(space + 1) : cut;
}

/** Packs pieces into passages of at most `size`, each starting with the end of the one before. */
function pack(parts: string[], size: number, overlap: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const part of parts) {
    if (current && current.length + 1 + part.length > size) {
      out.push(current);
      const carried = tail(current, overlap);
      current = carried.length + 1 + part.length <= size ? `${carried} ${part}` : part;
    } else current = current ? `${current} ${part}` : part;
  }
  if (current) out.push(current);
  return out;
}

export function splitPassages(
  sections: readonly SourceSection[],
  size = PASSAGE_SIZE,
  overlap = PASSAGE_OVERLAP,
): Passage[] {
  const passages: Passage[] = [];
  for (const section of sections) {
    for (const block of byHeadings(section)) {
      for (const text of pack(pieces(block.text, size), size, overlap)) {
        passages.push({
          text,
          position: passages.length,
          page: section.page ?? null,
          url: section.url ?? null,
          heading: block.heading,
        });
      }
    }
  }
  return passages;
}
