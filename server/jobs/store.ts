// The jobs table's statements: enqueue, claim, and the three ends of a run (done, retry, dead).
// Claims are the one place the two databases differ: PostgreSQL lets runners on several servers
// claim at once without waiting on each other (FOR UPDATE SKIP LOCKED); SQLite has one writer at a
// time, so its single UPDATE … RETURNING is already a claim no other runner can share.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../db/dialect.js';
import type { Database, JobRow } from '../db/schema.js';

export interface NewJob {
  kind: string;
  payload: unknown;
  /** Epoch ms; now when left out. */
  runAt?: number;
  /** Instead of runAt: this long after now, by the runner's clock (a retry's back-off). */
  delayMs?: number;
  /** A second enqueue with the same key does nothing (whatever state the first is in). */
  dedupeKey?: string;
  maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 8;

/** Adds the job unless its dedupe key is taken: its id, and whether this call created it. */
export async function insertJob(
  db: Kysely<Database>,
  job: NewJob,
  now: number,
): Promise<{ id: number; created: boolean }> {
  const inserted = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? null),
      dedupe_key: job.dedupeKey ?? null,
      state: 'queued',
      run_at: job.runAt ?? now + (job.delayMs ?? 0),
      attempts: 0,
      max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: Number(inserted.id), created: true };
  const existing = await db
    .selectFrom('jobs')
    .select('id')
    .where('dedupe_key', '=', job.dedupeKey ?? '')
    .executeTakeFirstOrThrow();
  return { id: Number(existing.id), created: false };
}

/**
 * Takes up to `limit` due jobs of the given kinds for `runner`, leased until `leaseUntil`: queued
 * jobs whose time has come, and running jobs whose lease ran out (their runner died).
 */
export async function claimJobs(
  db: Kysely<Database>,
  claim: { runner: string; kinds: string[]; limit: number; now: number; leaseUntil: number },
): Promise<JobRow[]> {
  const { runner, kinds, limit, now, leaseUntil } = claim;
  const lock = isPostgres(db) ? sql`for update skip locked` : sql``;
  const result = await sql<JobRow>`
    update jobs set state = 'running', locked_by = ${runner}, locked_until = ${leaseUntil},
      attempts = attempts + 1, updated_at = ${now}
    where id in (
      select id from jobs
      where ((state = 'queued' and run_at <= ${now}) or (state = 'running' and locked_until < ${now}))
        and kind in (${sql.join(kinds)})
      order by run_at, id
      limit ${limit}
      ${lock}
    )
    returning *`.execute(db);
  return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** Extends a running job's lease; false when the job is no longer this runner's. */
export async function extendLease(
  db: Kysely<Database>,
  job: { id: number; runner: string },
  leaseUntil: number,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ locked_until: leaseUntil })
    .where('id', '=', job.id)
    .where('locked_by', '=', job.runner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type JobEnd =
  | { state: 'done' }
  | { state: 'queued'; runAt: number; error: string }
  /** Re-queued on purpose (RetryLaterError's quiet): the attempt is given back, the last error kept. */
  | { state: 'queued'; runAt: number; requeued: true }
  | { state: 'dead'; error: string };

/**
 * A running job recorded done, as a handler's own statement may do it with its last write
 * (runner.ts's JOB_RECORDED); parameters: now, the job's id, the runner's name. Like finishJob,
 * it changes nothing once the job is no longer this runner's.
 */
export const RECORD_DONE_SQL = `update jobs set state = 'done', locked_by = null, locked_until = null,
  updated_at = ? where id = ? and locked_by = ? and state = 'running'`;

/**
 * Records how a run ended, only while the job is still this runner's: false when its lease ran out
 * and another runner took it over (that runner's outcome counts).
 */
export async function finishJob(
  db: Kysely<Database>,
  job: { id: number; runner: string },
  end: JobEnd,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      state: end.state,
      locked_by: null,
      locked_until: null,
      updated_at: now,
      ...(end.state === 'queued' ? { run_at: end.runAt } : {}),
      ...('error' in end ? { last_error: end.error.slice(0, 4000) } : {}),
      ...('requeued' in end ? { attempts: sql<number>`attempts - 1` } : {}),
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', job.runner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How many jobs are in `state`: for tools, benches and tests watching a queue drain. */
export async function countJobs(db: Kysely<Database>, state: JobRow['state']): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((e) => e.fn.countAll().as('n'))
    .where('state', '=', state)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Adds many jobs in one statement (a notification's fan-out queues thousands); those whose dedupe
 * key is taken are left out. The number added.
 */
export async function insertJobs(db: Kysely<Database>, jobs: NewJob[], now: number): Promise<number> {
  if (!jobs.length) return 0;
  const result = await db
    .insertInto('jobs')
    .values(
      jobs.map((job) => ({
        kind: job.kind,
        payload: JSON.stringify(job.payload ?? null),
        dedupe_key: job.dedupeKey ?? null,
        state: 'queued' as const,
        run_at: job.runAt ?? now + (job.delayMs ?? 0),
        attempts: 0,
        max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
