// The analytics jobs (issue 19 §5) on the jobs runner: the hourly rollup and the daily purge of
// raw events. Each run schedules the next one under a dedupe key naming its hour (or day), so
// every server instance may schedule them at start and each still runs once.
import { DAY_MS, HOUR_MS } from '../../src/core/analytics/index.js';
import type { JobRunner } from '../jobs/index.js';
import { purgeEvents, rollUp, ROLLUP_GRACE_MS } from './rollups.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export const ROLLUP_JOB = 'analytics.rollup';
export const PURGE_JOB = 'analytics.purge';

const nextHour = (now: number) => now - (now % HOUR_MS) + HOUR_MS;
const nextDay = (now: number) => now - (now % DAY_MS) + DAY_MS;

export async function scheduleAnalyticsJobs(jobs: JobRunner, now = Date.now()): Promise<void> {
  const hour = nextHour(now);
  await jobs.enqueue({
    kind: ROLLUP_JOB,
    payload: {},
    runAt: hour + ROLLUP_GRACE_MS,
    dedupeKey: `${ROLLUP_JOB}:${hour}`,
  });
  const day = nextDay(now);
  await jobs.enqueue({
    kind: PURGE_JOB,
    payload: {},
    runAt: day + 5 * 60_000,
    dedupeKey: `${PURGE_JOB}:${day}`,
  });
}

export function registerAnalyticsJobs(jobs: JobRunner, db: Kysely<Database>, retentionDays: number): void {
  jobs.register(ROLLUP_JOB, {
    run: async () => {
      await rollUp(db);
      await scheduleAnalyticsJobs(jobs);
    },
  });
  jobs.register(PURGE_JOB, {
    run: async () => {
      await purgeEvents(db, retentionDays);
      await scheduleAnalyticsJobs(jobs);
    },
  });
}
