import { sql, type Kysely } from 'kysely';
import { autoId, isPostgres } from '../dialect.js';

// Background work (issue 14): one table every kind of job shares — knowledge ingestion,
// notification deliveries, channel sends. A job is `queued` until a runner claims it (`running`,
// with a lease until `locked_until`), then `done`, or back to `queued` with a later `run_at` after
// a failure, or `dead` with its last error once its attempts are spent. A runner killed mid-job
// leaves its lease to run out, and another runner claims the job again.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', isPostgres(db) ? 'bigint' : 'integer', autoId(db))
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    /** JSON text. */
    .addColumn('payload', 'text', (c) => c.notNull())
    /** Unique when given: a second enqueue with the same key is a no-op, whatever the state. */
    .addColumn('dedupe_key', 'varchar(255)', (c) => c.unique())
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The claim looks for due queued jobs and for running jobs whose lease ran out.
  await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'run_at']).execute();
  if (isPostgres(db)) {
    // Rows change state several times in their life: leave room for HOT updates.
    await sql`alter table jobs set (fillfactor = 70)`.execute(db);
  }
}
