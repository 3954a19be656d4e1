// The jobs runner: claims due jobs of the kinds it has handlers for, runs them a few at a time,
// keeps their leases alive while they run, and records how each ended. Several runners (in one
// process or on several servers sharing the database) can run at once: a job is claimed by one.
//
// A run is at-least-once: a runner killed after a job's effect but before recording it leaves
// the job to be claimed again when its lease runs out. Handlers whose effect leaves the building
// (a message sent) make it idempotent with a key of their own, as the channel APIs allow.
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, JobRow } from '../db/schema.js';
import { DEFAULT_BACKOFF, retryDelayMs, type BackoffPolicy } from './backoff.js';
import {
  claimJobs,
  extendLease,
  finishJob,
  insertJob,
  insertJobs,
  type JobEnd,
  type NewJob,
} from './store.js';

/** What a handler knows of the job it runs. */
export interface RunningJob {
  id: number;
  kind: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  dedupeKey: string | null;
  /** Aborted when the lease is lost (another runner took the job over). */
  signal: AbortSignal;
  /** The runner's name, as the job's `locked_by` holds it (see JOB_RECORDED). */
  runner: string;
}

/**
 * What a handler answers when its own last statement recorded the job done (store.ts's
 * RECORD_DONE_SQL, with its other writes: one round trip less per job); the runner then records
 * nothing more.
 */
export const JOB_RECORDED = Symbol('job recorded done');

export interface JobHandler<P = unknown> {
  /** Turns the stored JSON into the handler's payload; throwing makes the job dead at once. */
  parse?: (payload: unknown) => P;
  run: (payload: P, job: RunningJob) => Promise<void | typeof JOB_RECORDED>;
}

/** Thrown by a handler for a failure no retry can fix (the job goes dead at once). */
export class PermanentJobError extends Error {}

/**
 * Thrown by a handler that knows when to try again (an API's 429 with retry_after): the next
 * attempt runs after `delayMs` instead of the back-off's delay.
 */
export class RetryLaterError extends Error {
  constructor(
    readonly delayMs: number,
    message: string,
    /**
     * No failure: a job that re-queues itself on purpose (a paced send, a delay in the flow, a
     * conversation another runner holds). Not logged, and not counted as an attempt — a job that
     * waits often (a long paced burst) must not run out of attempts and go dead for waiting.
     */
    readonly quiet = false,
  ) {
    super(message);
  }
}

export interface RunnerOptions {
  /** Jobs run at once by this runner. */
  concurrency?: number;
  /** How often to look for due jobs when none are waiting. */
  pollMs?: number;
  /** How long a claim lasts without a heartbeat; a killed runner's jobs come back after it. */
  leaseMs?: number;
  backoff?: BackoffPolicy;
  /** This runner's name in `locked_by`. */
  name?: string;
  now?: () => number;
  onError?: (error: unknown, job?: JobRow) => void;
}

export class JobRunner {
  readonly name: string;
  private readonly handlers = new Map<string, JobHandler<never>>();
  private readonly running = new Set<Promise<void>>();
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly backoff: BackoffPolicy;
  private readonly now: () => number;
  private readonly onError: (error: unknown, job?: JobRow) => void;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  /** A wake-up came while the runner was claiming: its job may have been stored after the claim looked. */
  private wokenWhileBusy = false;
  /**
   * Due jobs may have been left behind for want of a free slot (the last claim took as many as
   * slots were free, or a wake-up came with none free): a job's end then looks again at once.
   * Otherwise the last claim took every due job, and a job's end need not ask the database again
   * (new jobs wake the runner; other servers' come with the poll).
   */
  private mayBeWaiting = false;

  constructor(
    private readonly db: Kysely<Database>,
    options: RunnerOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 4;
    this.pollMs = options.pollMs ?? 500;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => {});
    this.name = options.name ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  register<P>(kind: string, handler: JobHandler<P>): this {
    this.handlers.set(kind, handler as unknown as JobHandler<never>);
    return this;
  }

  /** Adds a job (a no-op when its dedupe key is taken) and wakes this runner if it is idle. */
  async enqueue(job: NewJob): Promise<{ id: number; created: boolean }> {
    const added = await insertJob(this.db, job, this.now());
    if (added.created && (job.runAt ?? 0) <= this.now()) this.alert();
    return added;
  }

  /** Looks for due jobs now, if idle: for a job added by a statement of the caller's own. */
  wakeUp(): void {
    this.alert();
  }

  /** Looks for due jobs at once: now if waiting, else as soon as the claim under way ends. */
  private alert(): void {
    if (this.wake) this.wake();
    else this.wokenWhileBusy = true;
  }

  /** Adds many jobs in one statement (taken dedupe keys are left out); the number added. */
  async enqueueMany(jobs: NewJob[]): Promise<number> {
    const added = await insertJobs(this.db, jobs, this.now());
    if (added > 0) this.alert();
    return added;
  }

  get isRunning(): boolean {
    return this.loop !== null;
  }

  start(): void {
    if (this.loop || this.handlers.size === 0) return;
    this.stopping = false;
    this.loop = this.poll();
  }

  /** Stops claiming, then waits for the jobs already running to finish and be recorded. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    this.loop = null;
    await Promise.all(this.running);
  }

  /** Claims and starts what is due now, once; the number of jobs started. For tests and tools. */
  async runDue(): Promise<number> {
    const free = this.concurrency - this.running.size;
    if (free <= 0) {
      this.mayBeWaiting = true;
      return 0;
    }
    const jobs = await claimJobs(this.db, {
      runner: this.name,
      kinds: [...this.handlers.keys()],
      limit: free,
      now: this.now(),
      leaseUntil: this.now() + this.leaseMs,
    });
    this.mayBeWaiting = jobs.length >= free;
    for (const job of jobs) {
      const run = this.run(job).finally(() => {
        this.running.delete(run);
        if (this.mayBeWaiting) this.alert();
      });
      this.running.add(run);
    }
    return jobs.length;
  }

  /** Waits until every job started so far has finished. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  private async poll(): Promise<void> {
    while (!this.stopping) {
      this.wokenWhileBusy = false;
      try {
        await this.runDue();
      } catch (error) {
        this.onError(error);
      }
      // A full claim means more may be due: a job's end looks again (mayBeWaiting). A claim that
      // left slots free took every due job: looking again at once would find none.
      const full = this.running.size >= this.concurrency;
      // A job stored while the claim ran (a webhook's) is not left for the next poll.
      if (this.wokenWhileBusy && !full) continue;
      await new Promise<void>((resolve) => {
        // Forgotten at once when called: a wake-up after it counts as one during the next claim.
        const done = () => {
          clearTimeout(timer);
          this.wake = null;
          resolve();
        };
        const timer = setTimeout(done, this.pollMs);
        this.wake = done;
      });
    }
  }

  private async run(row: JobRow): Promise<void> {
    const job = { id: row.id, runner: this.name };
    const lease = new AbortController();
    const heartbeat = setInterval(
      () =>
        void extendLease(this.db, job, this.now() + this.leaseMs)
          .then((kept) => kept || lease.abort())
          .catch((error) => this.onError(error, row)),
      Math.max(100, this.leaseMs / 3),
    );
    let end: JobEnd | typeof JOB_RECORDED;
    try {
      end = await this.attempt(row, lease.signal);
    } finally {
      clearInterval(heartbeat);
    }
    if (end === JOB_RECORDED) return;
    try {
      const kept = await finishJob(this.db, job, end, this.now());
      // A retry due before the next poll (a 429's retry_after, a busy conversation) is looked
      // for when it is due, not up to a poll later.
      if (kept && end.state === 'queued') this.lookAt(end.runAt);
    } catch (error) {
      this.onError(error, row);
    }
  }

  private lookAt(time: number): void {
    const delay = time - this.now();
    if (delay >= this.pollMs || this.stopping) return;
    setTimeout(() => this.alert(), Math.max(0, delay)).unref();
  }

  private async attempt(row: JobRow, signal: AbortSignal): Promise<JobEnd | typeof JOB_RECORDED> {
    const handler = this.handlers.get(row.kind)!;
    // A job whose runner died on every try (its lease ran out each time) is not tried forever.
    if (row.attempts > row.max_attempts) {
      return { state: 'dead', error: 'Its runner stopped before it ended, on every attempt.' };
    }
    try {
      const payload = handler.parse ? parsePayload(handler, row.payload) : (JSON.parse(row.payload) as never);
      const recorded = await handler.run(payload, {
        id: row.id,
        kind: row.kind,
        attempt: row.attempts,
        maxAttempts: row.max_attempts,
        dedupeKey: row.dedupe_key,
        signal,
        runner: this.name,
      });
      return recorded === JOB_RECORDED ? JOB_RECORDED : { state: 'done' };
    } catch (error) {
      if (!(error instanceof RetryLaterError && error.quiet)) this.onError(error, row);
      const message = error instanceof Error ? error.message : String(error);
      const requeue = error instanceof RetryLaterError && error.quiet;
      if (error instanceof PermanentJobError || (row.attempts >= row.max_attempts && !requeue)) {
        return { state: 'dead', error: message };
      }
      if (requeue) return { state: 'queued', runAt: this.now() + error.delayMs, requeued: true };
      const delay =
        error instanceof RetryLaterError ? error.delayMs : retryDelayMs(row.attempts, this.backoff);
      return {
        state: 'queued',
        runAt: this.now() + delay,
        error: message,
      };
    }
  }
}

function parsePayload(handler: JobHandler<never>, payload: string): never {
  try {
    return handler.parse!(JSON.parse(payload));
  } catch (error) {
    throw new PermanentJobError(
      `Its payload is not valid: ${error instanceof Error ? error.message : error}`,
    );
  }
}
