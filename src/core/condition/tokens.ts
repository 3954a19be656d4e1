import { ConditionSyntaxError } from './ast';

// The tokenizer: one pass over character codes, no regular expressions in the loop, because the
// same conditions are parsed on every edit in the worker and for every message on the server.

export type TokenKind = 'number' | 'string' | 'word' | 'reference' | 'operator' | 'end';

export interface Token {
  kind: TokenKind;
  /** The source text (for words and operators, what the parser matches on). */
  text: string;
  /** The number, the decoded string, or the path inside `${{ }}`. */
  value: string | number;
  offset: number;
}

const TWO_CHAR_OPERATORS = new Set(['==', '!=', '<=', '>=', '&&', '||']);
const ONE_CHAR_OPERATORS = new Set(['(', ')', '[', ']', '.', '<', '>', '+', '-', '*', '/', '%', '!']);

const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
};

const isDigit = (c: number) => c >= 48 && c <= 57;
const isWordStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isWordPart = (c: number) => isWordStart(c) || isDigit(c);
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const length = text.length;
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    if (isDigit(c)) {
      while (i < length && isDigit(text.charCodeAt(i))) i++;
      // A dot is part of the number only when a digit follows: `items.0.name` stays a path.
      if (text.charCodeAt(i) === 46 && isDigit(text.charCodeAt(i + 1))) {
        i++;
        while (i < length && isDigit(text.charCodeAt(i))) i++;
      }
      const digits = text.slice(start, i);
      tokens.push({ kind: 'number', text: digits, value: Number(digits), offset: start });
    } else if (isWordStart(c)) {
      while (i < length && isWordPart(text.charCodeAt(i))) i++;
      const word = text.slice(start, i);
      tokens.push({ kind: 'word', text: word, value: word, offset: start });
    } else if (c === 34 || c === 39) {
      i = readString(text, start, tokens);
    } else if (c === 36 && text.startsWith('${{', i)) {
      const close = text.indexOf('}}', i + 3);
      if (close === -1) throw new ConditionSyntaxError('Unclosed variable reference', start);
      i = close + 2;
      const path = text.slice(start + 3, close).trim();
      tokens.push({ kind: 'reference', text: text.slice(start, i), value: path, offset: start });
    } else {
      const pair = text.slice(i, i + 2);
      if (TWO_CHAR_OPERATORS.has(pair)) {
        tokens.push({ kind: 'operator', text: pair, value: pair, offset: start });
        i += 2;
      } else if (ONE_CHAR_OPERATORS.has(text[i])) {
        tokens.push({ kind: 'operator', text: text[i], value: text[i], offset: start });
        i++;
      } else {
        throw new ConditionSyntaxError(unexpectedCharacter(text[i]), start);
      }
    }
  }
  tokens.push({ kind: 'end', text: '', value: '', offset: length });
  return tokens;
}

/** Reads a quoted string from `start` (the quote); returns the index after the closing quote. */
function readString(text: string, start: number, tokens: Token[]): number {
  const quote = text.charCodeAt(start);
  let value = '';
  let chunk = start + 1;
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === quote) {
      value += text.slice(chunk, i);
      tokens.push({ kind: 'string', text: text.slice(start, i + 1), value, offset: start });
      return i + 1;
    }
    if (c === 92) {
      value += text.slice(chunk, i);
      const [decoded, width] = readEscape(text, i);
      value += decoded;
      i += width;
      chunk = i;
      continue;
    }
    i++;
  }
  throw new ConditionSyntaxError('Unclosed string', start);
}

/**
 * The character a backslash escape stands for and how many characters it spans. `\n \t \r \b
 * \f \v \0 \xHH \uHHHH` as in JavaScript; any other escaped character stands for itself, so `\'`,
 * `\"` and `\\` work in either kind of quotes.
 */
function readEscape(text: string, at: number): [string, number] {
  const next = text[at + 1];
  if (next === undefined) throw new ConditionSyntaxError('Unclosed string', at);
  if (Object.hasOwn(ESCAPES, next)) return [ESCAPES[next], 2];
  const hexLength = next === 'x' ? 2 : next === 'u' ? 4 : 0;
  if (hexLength > 0) {
    const hex = text.slice(at + 2, at + 2 + hexLength);
    if (hex.length !== hexLength || !/^[0-9a-f]+$/i.test(hex)) {
      throw new ConditionSyntaxError('Invalid escape sequence', at);
    }
    return [String.fromCharCode(parseInt(hex, 16)), 2 + hexLength];
  }
  return [next, 2];
}

function unexpectedCharacter(character: string): string {
  if (character === '=') return "Unexpected '=' (use '==' to compare)";
  if (character === '&') return "Unexpected '&' (use '&&' or 'and')";
  if (character === '|') return "Unexpected '|' (use '||' or 'or')";
  return `Unexpected character '${character}'`;
}
