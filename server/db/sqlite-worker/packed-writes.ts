// Writes packed as one JSON text (messages.ts PackedWrites), and run from it with a connection's
// kept statements.
import type SQLite from 'better-sqlite3';
import type { PackedWrites, Write } from './messages.js';

/** The writes as the JSON text of PackedWrites: each distinct statement's text once. */
export function packWrites(writes: readonly Write[]): string {
  const index = new Map<string, number>();
  const rows = writes.map(([sql, params]): PackedWrites['rows'][number] => {
    let statement = index.get(sql);
    if (statement === undefined) index.set(sql, (statement = index.size));
    return [statement, params];
  });
  return JSON.stringify({ statements: [...index.keys()], rows } satisfies PackedWrites);
}

export function runPackedWrites(packed: string, prepare: (sql: string) => SQLite.Statement): void {
  const { statements, rows } = JSON.parse(packed) as PackedWrites;
  const prepared = statements.map((sql) => prepare(sql));
  for (const [statement, params] of rows) prepared[statement].run(params);
}
