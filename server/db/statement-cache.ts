// Compiled statements kept per connection, for each connection the server opens on a SQLite file
// (the main one in connect.ts, the SQLite thread's, the analytics fold thread's).
import type SQLite from 'better-sqlite3';

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles the SQL on each prepare; the
 * same query texts repeat (a chat turn runs the same few), so compiled statements are kept. Safe
 * because statements are only run to completion (all/get/run), never left iterating.
 */
export function statementCache(file: SQLite.Database, capacity = 500) {
  const statements = new Map<string, SQLite.Statement>();
  return (sql: string): SQLite.Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = file.prepare(sql);
      if (statements.size >= capacity) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
    }
    return statement;
  };
}
