import { HTTP_METHODS, type ApiNode } from '../../flow/schema';
import { isValidApiUrl } from '../../rules/api-url';
import type { Check, Problem } from '../types';
import { isBlank } from '../text';

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

/**
 * Spec 2 §5 api: a method, a valid endpoint, header and param rows filled on both sides or on
 * neither, the same for form-data rows (of type text or file), and somewhere for the result to
 * go — shown, or stored under a name. Form-data rows are checked only when they are sent (a
 * method with a body and the form-data body type): hidden rows must not block a save.
 */
export const checkApiNode: Check<ApiNode> = (node, _context, problems) => {
  const api = node.api;
  if (!METHODS.has(api?.method)) problems.push({ field: 'api.method', message: 'Choose a method' });
  if (isBlank(api?.url)) problems.push({ field: 'api.url', message: 'Endpoint is required' });
  else if (!isValidApiUrl(api.url.trim())) problems.push({ field: 'api.url', message: 'Enter a valid URL' });
  checkRows(node.headers, 'headers', 'Header', problems);
  checkRows(node.params, 'params', 'Parameter', problems);
  if (api?.method !== 'get' && api?.bodyType === 'form-data') {
    checkRows(api.data, 'api.data', 'Form field', problems, (row, i) => {
      if (row.type !== 'text' && row.type !== 'file') {
        problems.push({ field: `api.data.${i}.type`, message: 'Choose text or file' });
      }
    });
  }
  if (!node.showResult && isBlank(node.store?.name)) {
    problems.push({ field: 'store.name', message: 'Store name is required when the result is not shown' });
  }
};

/** A row with only one side filled is the mistake; an empty row is the editor's blank line. */
function checkRows<Row extends { name: string; value: string }>(
  rows: readonly Row[] | undefined,
  at: string,
  label: string,
  problems: Problem[],
  checkRow?: (row: Row, i: number) => void,
): void {
  (rows ?? []).forEach((row, i) => {
    checkRow?.(row, i);
    const hasName = !isBlank(row.name);
    const hasValue = !isBlank(row.value);
    if (hasName && !hasValue)
      problems.push({ field: `${at}.${i}.value`, message: `${label} value is required` });
    if (!hasName && hasValue)
      problems.push({ field: `${at}.${i}.name`, message: `${label} name is required` });
  });
}
