// Spec 2 §5: the API node's JSON body is prettified as the author leaves the editor — keys
// quoted, unquoted words quoted, `${{...}}` placeholders kept as they are. So `{name: John,
// age: ${{age}}}` becomes `{"name": "John", "age": ${{age}}}` laid out on lines: a bare
// placeholder stays bare (the runtime fills it with a number, an object or quoted text), and a
// placeholder inside words (`Bearer ${{token}}`) becomes part of a string.

export type PrettifyResult =
  { ok: true; text: string } | { ok: false; error: { message: string; offset: number } };

const INDENT = '  ';
const MAX_DEPTH = 256;
const STRUCTURAL = new Set(['{', '}', '[', ']', ':', ',', '"', "'"]);
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const LITERALS = new Set(['true', 'false', 'null']);
const PLACEHOLDER_ONLY = /^\$\{\{[^{}]*\}\}$/;

class BodyError extends Error {
  readonly offset: number;

  constructor(message: string, offset: number) {
    super(`${message} at ${offset}`);
    this.offset = offset;
  }
}

export function prettifyJsonBody(text: string): PrettifyResult {
  if (text.trim() === '') return { ok: true, text: '' };
  try {
    const reader = createReader(text);
    const pretty = reader.value(0, '');
    reader.skipSpace();
    if (!reader.atEnd()) reader.fail(`Unexpected '${text[reader.at()]}'`);
    return { ok: true, text: pretty };
  } catch (error) {
    if (error instanceof BodyError)
      return { ok: false, error: { message: error.message, offset: error.offset } };
    throw error;
  }
}

function createReader(text: string) {
  let i = 0;
  const fail = (message: string, offset = i): never => {
    throw new BodyError(message, offset);
  };
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const atEnd = () => i >= text.length;

  function value(depth: number, indent: string): string {
    skipSpace();
    if (atEnd()) return fail('Expected a value');
    if (depth > MAX_DEPTH) return fail('The body is nested too deeply');
    const c = text[i];
    if (c === '{') return container('{', '}', depth, indent, true);
    if (c === '[') return container('[', ']', depth, indent, false);
    if (c === '"' || c === "'") return JSON.stringify(quoted());
    if (STRUCTURAL.has(c)) return fail(`Unexpected '${c}'`);
    return bare(false);
  }

  function container(open: string, close: string, depth: number, indent: string, keyed: boolean): string {
    i++; // the opening bracket
    const inner = indent + INDENT;
    const items: string[] = [];
    for (;;) {
      skipSpace();
      if (atEnd()) return fail(`Expected '${close}'`);
      if (text[i] === close) break;
      let item = '';
      if (keyed) {
        item = `${key()}: `;
        skipSpace();
        if (text[i] !== ':') return fail(atEnd() ? "Expected ':'" : `Expected ':' but found '${text[i]}'`);
        i++;
      }
      items.push(inner + item + value(depth + 1, inner));
      skipSpace();
      if (text[i] === ',')
        i++; // a trailing comma before the close is forgiven
      else if (text[i] !== close) return fail(atEnd() ? `Expected '${close}'` : `Expected ',' or '${close}'`);
    }
    i++; // the closing bracket
    return items.length === 0 ? open + close : `${open}\n${items.join(',\n')}\n${indent}${close}`;
  }

  function key(): string {
    const c = text[i];
    if (c === '"' || c === "'") return JSON.stringify(quoted());
    if (STRUCTURAL.has(c)) return fail(`Expected a key but found '${c}'`);
    return bare(true);
  }

  /** A run of unquoted words up to the next structural character, kept or quoted. */
  function bare(asKey: boolean): string {
    const start = i;
    while (i < text.length && !STRUCTURAL.has(text[i])) {
      if (text.startsWith('${{', i)) {
        const close = text.indexOf('}}', i + 3);
        if (close === -1) return fail('Unclosed placeholder', i);
        i = close + 2;
      } else {
        i++;
      }
    }
    const words = text.slice(start, i).trim();
    if (asKey) return JSON.stringify(words);
    if (PLACEHOLDER_ONLY.test(words) || JSON_NUMBER.test(words) || LITERALS.has(words)) return words;
    return JSON.stringify(words);
  }

  /** A single- or double-quoted string, decoded. */
  function quoted(): string {
    const start = i;
    const quote = text[i++];
    let json = '';
    while (i < text.length && text[i] !== quote) {
      const c = text[i];
      if (c === '\\') {
        const next = text[i + 1];
        if (next === undefined) break;
        // \' is how a single-quoted string holds its quote; JSON does not know it.
        json += next === "'" ? "'" : c + next;
        i += 2;
      } else {
        json += c === '"' ? '\\"' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : c;
        i++;
      }
    }
    if (i >= text.length) return fail('Unclosed string', start);
    i++; // the closing quote
    try {
      return JSON.parse(`"${json}"`) as string;
    } catch {
      return fail('Invalid escape in string', start);
    }
  }

  return { value, skipSpace, atEnd, fail, at: () => i };
}
