import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { BatchCount } from '../analytics/fold-postgres.js';
import { PostgresFoldThread, SqliteFoldThread } from '../analytics/fold-thread.js';
import type { Config } from '../config.js';
import { isPostgres } from './dialect.js';
import { migrationProvider } from './migrations/index.js';
import { SqliteThread } from './sqlite-thread.js';
import { statementCache } from './statement-cache.js';
import type { Database } from './schema.js';

// PostgreSQL sends bigint (our epoch-millisecond times) as text; they fit a JS number.
pg.types.setTypeParser(20, (value) => Number(value));

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * PostgreSQL: the connections the hot statements (runHot, the chat turns' batched reads and
 * writes) run on, planned for what they are: lookups of a few rows by key. A prepared statement's
 * generic plan is made once, early, when the tables are nearly empty — and then a sequential scan
 * with a hash join is the cheapest plan, and stays the plan while guest_sessions grows: every
 * batch of turns read the whole table (the database's CPU per turn grew with every guest, 100 →
 * 240 µs in 15 s of the runtime bench). Without sequential scans, hash and merge joins on these
 * connections, every plan is an index lookup per key, whatever the statistics said when planning.
 */
export const KEY_LOOKUPS_ONLY = '-c enable_seqscan=off -c enable_hashjoin=off -c enable_mergejoin=off ';

/** Opens the database the configuration names: PostgreSQL for a postgres:// URL, else SQLite. */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseSchema'>,
): Kysely<Database> {
  if (isPostgresUrl(config.databaseUrl)) {
    // Tests isolate themselves in a schema of their own.
    const schema = config.databaseSchema ? `-c search_path=${config.databaseSchema}` : '';
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10, options: schema || undefined });
    // The hot statements go out in batches (TurnReader, TurnWriter): a few connections carry them.
    // 8: on a busy 2-core host a statement holds its connection 5–15 ms, mostly waiting for a core
    // (the backend's CPU is ~0.5 ms); with 4, the channel turns at 200 a second kept them all busy
    // and each statement waited 7–15 ms for one (about 4 per turn), with 8 1–3 ms.
    const hotPool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 8,
      options: KEY_LOOKUPS_ONLY + schema,
    });
    // A webhook's acknowledgement waits for its update to be stored, and only for that: on
    // connections of their own, the stores (a tick's in one statement: channels/webhook-stores.ts)
    // never queue behind the turns' statements on the hot pool (at 200 updates/s they waited 25 ms
    // there on average, 74 ms at p99). Opened on first use.
    const webhookPool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 2,
      options: KEY_LOOKUPS_ONLY + schema,
    });
    // The analytics fold's batches, on a thread of their own (analytics/fold-thread.ts), planned as
    // the hot statements are: a batch reads its guests by key. Committed without waiting for the
    // WAL's flush: a batch's sums and its cursor's move are one transaction, so a crash loses
    // whole batches, last ones first, and the fold adds those events again from the cursor.
    const scope = config.databaseSchema || 'public';
    const foldThread = new PostgresFoldThread(
      {
        connectionString: config.databaseUrl,
        options: `${KEY_LOOKUPS_ONLY}-c synchronous_commit=off ${schema}`,
        name: `botflow analytics fold ${scope}`,
      },
      hotPool,
    );
    // Kysely's handle ends the pools (and the fold's thread) when it is destroyed.
    const pools = {
      connect: () => pool.connect(),
      end: async () =>
        void (await Promise.all([pool.end(), hotPool.end(), webhookPool.end(), foldThread.stop()])),
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pools }) });
    const listening = {
      connectionString: config.databaseUrl,
      options: schema || undefined,
      scope,
      self: randomBytes(6).toString('hex'),
    };
    drivers.set(db, { pool: hotPool, webhookPool, listening, foldThread });
    return db;
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
  // Reads through a memory map instead of a read() call per page: every chat turn reads the
  // bot, its flow and the guest's session (15–20% less server CPU per turn in the runtime bench).
  file.pragma('mmap_size = 268435456');
  const thread = new SqliteThread(file);
  const prepare = statementCache(file);
  // The analytics fold's batches, read and added up on a thread of their own (analytics/fold-thread.ts).
  const foldThread = new SqliteFoldThread(file, prepare);
  const database: SqliteDatabase = {
    close: () => {
      // Kysely does not wait for close; the database plugin waits for the threads first.
      void foldThread.stop();
      void thread.stop();
      file.close();
    },
    prepare,
  };
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }) });
  drivers.set(db, { file, prepare, thread, foldThread });
  return db;
}

/**
 * Transactions that take the write lock when they begin. With the default (deferred) BEGIN, a
 * transaction that reads and then writes fails at once (SQLITE_BUSY, no waiting) when another
 * connection — the SQLite thread storing chat turns — committed in between. Taking the lock
 * first, it waits its turn instead (busy_timeout).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

// --- Hot paths ----------------------------------------------------------------------------------
// A chat turn runs the same few queries thousands of times a second. Through the query builder
// each one is built, compiled and queued on Kysely's connection handling, which costs more than
// running it. So those few are written once as SQL (valid on both databases) and run on the driver
// underneath: on SQLite synchronously with a kept statement, on PostgreSQL as a named prepared
// statement (parsed and planned once per connection). Everything else stays on Kysely.

type Handle =
  | {
      file: SQLite.Database;
      prepare(sql: string): SQLite.Statement;
      thread: SqliteThread;
      foldThread: SqliteFoldThread;
    }
  | { pool: pg.Pool; webhookPool: pg.Pool; listening: PostgresListening; foldThread: PostgresFoldThread };

/** What a LISTEN connection needs (db/listen.ts), and this handle's name in its notifications. */
export interface PostgresListening {
  connectionString: string;
  options: string | undefined;
  /** The schema: notification channels are per database, so the channel's name carries it. */
  scope: string;
  /** Sent as the payload of this handle's notifications: its own are not news to it. */
  self: string;
}

export function postgresListening(db: Kysely<Database>): PostgresListening | null {
  const driver = drivers.get(db);
  return driver && 'listening' in driver ? driver.listening : null;
}
const drivers = new WeakMap<Kysely<Database>, Handle>();

/** SQL with `?` placeholders, valid on SQLite and PostgreSQL, with its PostgreSQL spelling. */
export interface HotSql {
  /** The prepared statement's name on PostgreSQL: unique per text. */
  readonly name: string;
  readonly sqlite: string;
  readonly postgres: string;
}

export function hotSql(name: string, text: string): HotSql {
  let n = 0;
  const sqlite = text.replace(/\s+/g, ' ').trim();
  return { name, sqlite, postgres: sqlite.replace(/\?/g, () => `$${++n}`) };
}

/** SQLite, reachable synchronously: the file's kept statements and its own transactions. */
export interface DirectSqlite {
  prepare(sql: string): SQLite.Statement;
  /** Writes off the event loop, while the thread runs (see sqlite-thread.ts). */
  thread: SqliteThread | null;
  /** The analytics fold's batches (analytics/fold-thread.ts). */
  foldThread: SqliteFoldThread;
}

/**
 * SQLite's file, when `db` is the app's SQLite handle and no transaction is open on it. Inside
 * an open Kysely transaction (which awaits between its queries) a direct query would read or join
 * that transaction's uncommitted work: callers then go through Kysely, which waits for it.
 */
export function directSqlite(db: Kysely<Database>): DirectSqlite | null {
  const driver = drivers.get(db);
  if (!driver || !('file' in driver) || driver.file.inTransaction) return null;
  const { prepare, thread, foldThread } = driver;
  return { prepare, thread: thread.running ? thread : null, foldThread };
}

/** PostgreSQL: runs the analytics fold's next batch, on its thread (analytics/fold-thread.ts). */
export function postgresFold(db: Kysely<Database>): ((settled: number) => Promise<BatchCount>) | null {
  const driver = drivers.get(db);
  return driver && 'pool' in driver ? (settled) => driver.foldThread.fold(settled) : null;
}

/** The PostgreSQL pool the hot statements run on (not under a transaction): see KEY_LOOKUPS_ONLY. */
export function directPostgres(db: Kysely<Database>): pg.Pool | null {
  const driver = drivers.get(db);
  return driver && 'pool' in driver ? driver.pool : null;
}

export interface HotResult<R> {
  rows: R[];
  /** Rows inserted, updated or deleted. */
  changes: number;
}

/** Runs a hot statement on whichever database `db` is, inside its transaction when it is one. */
export async function runHot<R>(
  db: Kysely<Database>,
  statement: HotSql,
  params: unknown[],
): Promise<HotResult<R>> {
  const sqlite = directSqlite(db);
  if (sqlite) {
    const prepared = sqlite.prepare(statement.sqlite);
    if (prepared.reader) return { rows: prepared.all(params) as R[], changes: 0 };
    return { rows: [], changes: prepared.run(params).changes };
  }
  const pool = directPostgres(db);
  if (pool) {
    const result = await pool.query({ name: statement.name, text: statement.postgres, values: params });
    return { rows: result.rows as R[], changes: result.rowCount ?? 0 };
  }
  const text = isPostgres(db) ? statement.postgres : statement.sqlite;
  const result = await db.executeQuery<R>(CompiledQuery.raw(text, params));
  return { rows: result.rows, changes: Number(result.numAffectedRows ?? 0) };
}

/**
 * A webhook's write, before it acknowledges: on PostgreSQL on connections of the webhooks' own
 * (not under a transaction), so an acknowledgement never waits for a turn's statements on the hot
 * pool; elsewhere as runHot.
 */
export async function runWebhookWrite<R>(
  db: Kysely<Database>,
  statement: HotSql,
  params: unknown[],
): Promise<HotResult<R>> {
  const driver = drivers.get(db);
  if (!driver || !('webhookPool' in driver)) return runHot(db, statement, params);
  const result = await driver.webhookPool.query({
    name: statement.name,
    text: statement.postgres,
    values: params,
  });
  return { rows: result.rows as R[], changes: result.rowCount ?? 0 };
}

export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  // With a schema, Kysely must look for its own bookkeeping tables in that schema only: otherwise
  // another schema's kysely_migration (a parallel test file's) counts as ours and migrating fails.
  // Features are built on parallel branches, each with its own migration number: a database that
  // already ran a later number (016) must still take an earlier one that landed after it (013b).
  // Every migration only adds its own tables and columns, so their order between branches is free.
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    migrationTableSchema: schema,
    allowUnorderedMigrations: true,
  });
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
