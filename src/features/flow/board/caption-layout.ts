// Breaks a node title into the lines of its low-zoom caption. Pure (the text measure is passed in)
// so the rules are unit-tested; the caption shape lays a title out once when it is bound and
// draws the stored lines on every frame without measuring anything.

const ELLIPSIS = '…';

/**
 * Up to `maxLines` lines of at most `maxWidth` each: words are kept whole when they fit on a
 * line, a word longer than a line is cut by characters, and when the text does not fit the last
 * line ends with an ellipsis.
 */
export function wrapCaption(
  text: string,
  maxWidth: number,
  maxLines: number,
  measure: (s: string) => number,
): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || maxLines < 1) return [];
  const lines: string[] = [];
  let line = '';
  let i = 0;
  while (i < words.length) {
    const word = words[i];
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= maxWidth) {
      line = candidate;
      i += 1;
      continue;
    }
    if (line) {
      lines.push(line);
      line = '';
    } else {
      // A single word wider than the line: as many characters as fit, the rest on the next line.
      const cut = Math.max(1, fitting(word, maxWidth, measure));
      lines.push(word.slice(0, cut));
      words[i] = word.slice(cut);
    }
    if (lines.length === maxLines) return withEllipsis(lines, maxWidth, measure);
  }
  lines.push(line);
  return lines;
}

/** How many leading characters of `word` fit in `maxWidth` (binary search on the measure). */
function fitting(word: string, maxWidth: number, measure: (s: string) => number): number {
  let low = 0;
  let high = word.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(word.slice(0, mid)) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The last line, shortened until it has room for an ellipsis after it. */
function withEllipsis(lines: string[], maxWidth: number, measure: (s: string) => number): string[] {
  let last = lines[lines.length - 1];
  while (last.length > 0 && measure(last + ELLIPSIS) > maxWidth) last = last.slice(0, -1);
  lines[lines.length - 1] = last.trimEnd() + ELLIPSIS;
  return lines;
}
