import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './schema.js';

// PostgreSQL sends bigint (our epoch-millisecond times) as text; they fit a JS number.
pg.types.setTypeParser(20, (value) => Number(value));

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** Opens the database the configuration names: PostgreSQL for a postgres:// URL, else SQLite. */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseSchema'>,
): Kysely<Database> {
  if (isPostgresUrl(config.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      // Tests isolate themselves in a schema of their own.
      options: config.databaseSchema ? `-c search_path=${config.databaseSchema}` : undefined,
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = new SQLite(path.join(config.dataDir, 'botflow.sqlite'));
  // WAL lets readers go on while one request writes; foreign keys are off by default in SQLite.
  file.pragma('journal_mode = WAL');
  // With WAL, NORMAL syncs at checkpoints rather than on every commit: a crash of the process
  // loses nothing, a power cut at most the last commits. Without it every chat turn's commit is
  // an fsync that blocks the event loop (better-sqlite3 is synchronous).
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
}

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles the SQL on each prepare; the
 * same query texts repeat (a chat turn runs the same few), so compiled statements are kept. Safe
 * because Kysely runs one query at a time on its single SQLite connection.
 */
function withStatementCache(file: SQLite.Database, capacity = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = file.prepare(sql);
        if (statements.size >= capacity) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  // With a schema, Kysely must look for its own bookkeeping tables in that schema only: otherwise
  // another schema's kysely_migration (a parallel test file's) counts as ours and migrating fails.
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export async function isReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
