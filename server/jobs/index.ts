export {
  JobRunner,
  JOB_RECORDED,
  PermanentJobError,
  RetryLaterError,
  type JobHandler,
  type RunningJob,
  type RunnerOptions,
} from './runner.js';
export {
  countJobs,
  insertJob as enqueueJob,
  insertJobs as enqueueJobs,
  RECORD_DONE_SQL,
  type NewJob,
} from './store.js';
export { retryDelayMs, type BackoffPolicy } from './backoff.js';
