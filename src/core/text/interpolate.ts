import { PLACEHOLDER, parseVariablePath, readVariablePath } from './variable-path';

/**
 * Fills `${{path}}` placeholders from the variables (spec 2 §5, spec 3 §5). A missing variable
 * (or a null one) becomes the empty string, an object or array its JSON text. Braces whose
 * content is not a variable path (`${{a b}}`) are not a placeholder and stay as written.
 */
export function interpolate(text: string, variables: Readonly<Record<string, unknown>>): string {
  return text.replace(PLACEHOLDER, (whole, inner: string) => {
    const steps = parseVariablePath(inner);
    return steps ? toText(readVariablePath(variables, steps)) : whole;
  });
}

function toText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    try {
      return JSON.stringify(value);
    } catch {
      // A cycle cannot come from stored (JSON) variables; say something rather than throw.
      return String(value);
    }
  }
  return String(value);
}
