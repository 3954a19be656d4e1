import { numericText } from '../../condition/values';
import type { VariableEntry } from '../../flow/schema';
import { normalizeVariableName } from '../../rules/names';
import { parseVariablePath } from '../../text/variable-path';
import type { Check, Problem } from '../types';
import { isBlank } from '../text';

export const BAD_VARIABLE_NAME = 'Use only letters, digits and underscores, not starting with a digit';

/**
 * Spec 2 §5 variable: a name, plus one of — type variable with a valid object path; wait for
 * input with any other type; type file with a file chosen; or a default that fits the type.
 */
export const checkVariableEntry: Check<{ entry: VariableEntry; at: string }> = (
  { entry, at },
  _context,
  problems,
) => {
  checkVariableName(entry.name, `${at}.name`, problems);
  const field = `${at}.default`;
  const value = entry.default ?? '';
  if (entry.variableType === 'variable') {
    // The Wait for input switch is hidden for this type, so only the path counts.
    if (!isObjectPath(value)) {
      problems.push({ field, message: 'Enter a valid variable path such as user.address.city' });
    }
    return;
  }
  if (entry.wait) return;
  if (entry.variableType === 'file') {
    if (!entry.file || isBlank(entry.file.name))
      problems.push({ field: `${at}.file`, message: 'Choose a file' });
    return;
  }
  if (value.trim() === '') {
    problems.push({ field, message: 'Enter a default value or turn on Wait for input' });
    return;
  }
  const mismatch = defaultMismatch(entry.variableType, value);
  if (mismatch) problems.push({ field, message: mismatch });
};

/** Names are normalised as they are typed; a name that is not normal was not typed here. */
export function checkVariableName(
  name: string,
  field: string,
  problems: Problem[],
  label = 'Variable name',
): void {
  if (isBlank(name)) problems.push({ field, message: `${label} is required` });
  else if (normalizeVariableName(name) !== name) problems.push({ field, message: BAD_VARIABLE_NAME });
}

/** A path into another variable, written bare (`user.city`) or as a placeholder (`${{user.city}}`). */
function isObjectPath(text: string): boolean {
  const bare = text.trim().replace(/^\$\{\{\s*([^{}]*?)\s*\}\}$/, '$1');
  return parseVariablePath(bare) !== null;
}

function defaultMismatch(type: VariableEntry['variableType'], value: string): string | null {
  switch (type) {
    case 'number':
      return numericText(value) === null ? 'Default must be a number' : null;
    case 'json':
      try {
        JSON.parse(value);
        return null;
      } catch {
        return 'Default must be valid JSON';
      }
    case 'bool':
      return value === 'True' || value === 'False' ? null : 'Default must be True or False';
    default:
      return null;
  }
}
