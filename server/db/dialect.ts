import { Kysely, PostgresAdapter, type ColumnDefinitionBuilder } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-numbered integer primary key, spelled the way each database wants it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function autoId(db: Kysely<any>) {
  return (c: ColumnDefinitionBuilder) =>
    isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}
