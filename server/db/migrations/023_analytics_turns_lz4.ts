import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

// PostgreSQL stores the events of the turns one statement saves as one row (a few KB;
// repos/analytics-writes.ts), above the 2 KB at which it compresses a value, and its default
// compression (pglz) took ~1 µs an event of the turn's statement: ~27 of the 31 ms an insert of
// 881 such rows took, against ~7 ms with lz4 for about the same size (1,262 bytes a row against
// 1,214; docs/analytics-cost.md). Compressed rows keep the WAL small, so lz4 rather than none.
// A server built without lz4 keeps pglz. Rows stored before keep theirs: each value says how it
// was compressed. SQLite compresses nothing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  const { rows } = await sql<{ lz4: boolean }>`select 'lz4' = any(enumvals) as lz4
    from pg_settings where name = 'default_toast_compression'`.execute(db);
  if (rows[0]?.lz4)
    await sql`alter table analytics_turns alter column payload set compression lz4`.execute(db);
}
