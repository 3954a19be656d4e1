// Runs writes packed as one JSON text (messages.ts PackedWrites) with a connection's kept statements.
import type SQLite from 'better-sqlite3';
import type { PackedWrites } from './messages.js';

export function runPackedWrites(packed: string, prepare: (sql: string) => SQLite.Statement): void {
  const { statements, rows } = JSON.parse(packed) as PackedWrites;
  const prepared = statements.map((sql) => prepare(sql));
  for (const [statement, params] of rows) prepared[statement].run(params);
}
