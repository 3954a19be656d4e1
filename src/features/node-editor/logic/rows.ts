// Header, query-parameter and form-data rows of the api node (spec 2 §3, §4).

// Type aliases, not interfaces: the node's rows are loose objects (an index signature), which an
// alias of an object type satisfies and an interface does not.
export type NameValueRow = { name: string; value: string };
export type FormDataRow = { name: string; value: string; type: 'text' | 'file' };

export const blankRow = (): NameValueRow => ({ name: '', value: '' });
export const blankFormRow = (): FormDataRow => ({ name: '', value: '', type: 'text' });

/** A list with one more blank row at the end. */
export function addRow<R>(rows: readonly R[], blank: () => R): R[] {
  return [...rows, blank()];
}

/**
 * Spec 2 §4: deleting the last remaining row empties it instead of removing it, so the table
 * always keeps a line to type into.
 */
export function deleteRow<R>(rows: readonly R[], index: number, blank: () => R): R[] {
  if (rows.length <= 1) return [blank()];
  return rows.filter((_, i) => i !== index);
}

/** The row at `index` with some of its fields replaced. */
export function updateRow<R extends object>(rows: readonly R[], index: number, patch: Partial<R>): R[] {
  return rows.map((row, i) => (i === index ? { ...row, ...patch } : row));
}
