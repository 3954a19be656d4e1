// A basic node's variable entries (spec 2 §3 "Variable entry", §5): set from the default, copied
// from another variable's path, or waited for — the guest's input must fit the variable's type
// (number numeric, json parsing, bool True or False, a file for file variables), and is asked
// again with a clear message when it does not.
import type { VariableEntry } from '../../../src/core/flow/index.js';
import { parseVariablePath, readVariablePath } from '../../../src/core/text/variable-path.js';
import type { TurnInput } from '../session.js';
import type { Turn } from '../turn.js';

export const INPUT_MESSAGES = {
  number: 'Please enter a number.',
  json: 'Please enter valid JSON.',
  bool: 'Please answer True or False.',
  file: 'Please upload a file (gif, jpeg, png or pdf).',
  empty: 'Please enter a value.',
} as const;

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** A typed text as a value of the variable's type, or why it does not fit. */
export function parseTyped(text: string, type: VariableEntry['variableType']): Parsed {
  const trimmed = text.trim();
  switch (type) {
    case 'number':
      return NUMBER.test(trimmed)
        ? { ok: true, value: Number(trimmed) }
        : { ok: false, message: INPUT_MESSAGES.number };
    case 'json':
      try {
        return { ok: true, value: JSON.parse(trimmed) as unknown };
      } catch {
        return { ok: false, message: INPUT_MESSAGES.json };
      }
    case 'bool': {
      const word = trimmed.toLowerCase();
      if (word === 'true') return { ok: true, value: true };
      if (word === 'false') return { ok: true, value: false };
      return { ok: false, message: INPUT_MESSAGES.bool };
    }
    default:
      return trimmed ? { ok: true, value: text } : { ok: false, message: INPUT_MESSAGES.empty };
  }
}

/** Does this entry stop the node until the guest answers? */
export function waitsForInput(entry: VariableEntry): boolean {
  return entry.wait && entry.variableType !== 'variable';
}

/** Sets a variable that does not wait: its default (typed), a copied path, or its stored file. */
export function setFromDefault(entry: VariableEntry, turn: Turn): void {
  const variables = turn.session.variables;
  if (!entry.name) return;
  if (entry.variableType === 'variable') {
    const steps = parseVariablePath(stripBraces(entry.default));
    variables[entry.name] = steps ? (readVariablePath(turn.scope(), steps) ?? null) : null;
    return;
  }
  if (entry.variableType === 'file') {
    variables[entry.name] = entry.file ? { name: entry.file.name, id: entry.file.id } : null;
    return;
  }
  const text = turn.fill(entry.default);
  const parsed = parseTyped(text, entry.variableType);
  // A default the editor let through as text stays text rather than vanishing.
  variables[entry.name] = parsed.ok ? parsed.value : text;
}

/** `${{user.name}}` or `user.name` both name the path `user.name`. */
function stripBraces(text: string): string {
  const match = /^\s*\$\{\{\s*(.*?)\s*\}\}\s*$/.exec(text);
  return (match ? match[1] : text).trim();
}

/** Asks for the input: password and file variables switch the widget's input mode. */
export function askFor(entry: VariableEntry, turn: Turn): void {
  if (entry.variableType === 'password' || entry.variableType === 'file') {
    turn.say({ type: 'input', content: '', input: entry.variableType });
  }
}

/** Takes the guest's answer into the variable; false (after saying why) when it does not fit. */
export function acceptInput(entry: VariableEntry, input: TurnInput, turn: Turn): boolean {
  if (entry.variableType === 'password') turn.secretInput = true;
  let parsed: Parsed;
  if (entry.variableType === 'file') {
    parsed = input.file ? { ok: true, value: input.file } : { ok: false, message: INPUT_MESSAGES.file };
  } else {
    parsed = parseTyped(input.text, entry.variableType);
  }
  if (parsed.ok) {
    if (entry.name) turn.session.variables[entry.name] = parsed.value;
    return true;
  }
  turn.fallbacks++;
  turn.say({ type: 'text', content: parsed.message });
  askFor(entry, turn);
  return false;
}
