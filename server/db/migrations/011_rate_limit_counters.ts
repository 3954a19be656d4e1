import type { Kysely } from 'kysely';

// The account calls' rate limits count here (issue 14, no per-instance state): with the counts
// in one instance's memory, a second instance behind the load balancer doubled every budget.
// One row per limited route and address; its window starts at the first call, as
// @fastify/rate-limit's memory store did. Rows of windows that ended are deleted now and then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    /** The limited route and the caller's address, e.g. `POST /api/login 203.0.113.9`. */
    .addColumn('key', 'varchar(512)', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    /** When the window ends (window_start + the route's time window). */
    .addColumn('window_end', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_end')
    .on('rate_limit_counters')
    .column('window_end')
    .execute();
}
