// `${{name}}` in a JSON body: inside a string literal the value is escaped as string content
// (a quote in a guest's answer cannot break the document), outside one it is written as the JSON
// of the value (`"age": ${{age}}` sends a number, a list or an object as such; a missing
// variable is null). So an author's body stays valid JSON whatever the guest typed.
import { parseVariablePath, readVariablePath } from '../../../src/core/text/variable-path.js';

const PLACEHOLDER = /\$\{\{\s*([^{}]*?)\s*\}\}/y;

function valueAt(path: string, scope: Readonly<Record<string, unknown>>): { found: boolean; value: unknown } {
  const steps = parseVariablePath(path);
  if (!steps) return { found: false, value: undefined };
  return { found: true, value: readVariablePath(scope, steps) };
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function fillJsonBody(text: string, scope: Readonly<Record<string, unknown>>): string {
  let out = '';
  let inString = false;
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '$' && text.startsWith('${{', i)) {
      PLACEHOLDER.lastIndex = i;
      const match = PLACEHOLDER.exec(text);
      const hit = match ? valueAt(match[1], scope) : null;
      if (match && hit?.found) {
        out += inString ? JSON.stringify(asText(hit.value)).slice(1, -1) : JSON.stringify(hit.value ?? null);
        i += match[0].length;
        continue;
      }
    }
    if (inString && char === '\\') {
      out += text.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (char === '"') inString = !inString;
    out += char;
    i += 1;
  }
  return out;
}
