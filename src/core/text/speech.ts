// Spec 3 §5 text conventions for the bot's voice: `[[written text:spoken text]]` shows one thing
// and says another (`[[Dr.:Doctor]]`), and emoji and HTML are stripped before speech.

// The last colon splits the pair, so the written side may hold colons (`[[10:30:half past ten]]`);
// a spoken side has no use for one.
const PRONUNCIATION = /\[\[([^[\]]*):([^[\]:]*)\]\]/g;

/** The text as shown: each pronunciation pair keeps its written part. */
export function displayText(text: string): string {
  return text.replace(PRONUNCIATION, (_whole, written: string) => written);
}

/** The text as spoken: each pair gives its spoken part, then emoji and HTML are stripped. */
export function speechText(text: string): string {
  return stripForSpeech(text.replace(PRONUNCIATION, (_whole, _written, spoken: string) => spoken));
}

// Script and style bodies are code, not words; comments are invisible.
const INVISIBLE = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gi;
// A tag starts with a letter (or /letter), so "a < b" in plain text is left alone.
const TAG = /<\/?[a-z][^>]*>/gi;
const ENTITY = /&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi;
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

// An emoji is a pictograph with its presentation selector, skin tone or tag characters, possibly
// joined to more by zero-width joiners (👩‍💻); flags are pairs of regional indicators; keycaps are
// a digit, # or * with U+20E3. Zero-width joiners elsewhere (Arabic, Indic scripts) are kept.
const MODIFIERS = '(?:\\uFE0F|[\\u{1F3FB}-\\u{1F3FF}]|[\\u{E0020}-\\u{E007F}])*';
const PICTOGRAPH = `\\p{Extended_Pictographic}${MODIFIERS}`;
const EMOJI = new RegExp(
  `${PICTOGRAPH}(?:\\u200D${PICTOGRAPH})*|[\\u{1F1E6}-\\u{1F1FF}]|[0-9#*]\\uFE0F?\\u20E3`,
  'gu',
);

/**
 * What a speech engine should read: HTML tags removed (a tag separates words, as `<br>` does on
 * screen), entities decoded, emoji removed and white space collapsed.
 */
export function stripForSpeech(text: string): string {
  return text
    .replace(INVISIBLE, ' ')
    .replace(TAG, ' ')
    .replace(ENTITY, decodeEntity)
    .replace(EMOJI, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function decodeEntity(whole: string, decimal?: string, hex?: string, name?: string): string {
  if (name !== undefined) return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  const codePoint = decimal !== undefined ? Number(decimal) : parseInt(hex ?? '', 16);
  return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
}
