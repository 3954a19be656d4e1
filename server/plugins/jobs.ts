// The server's jobs runner (server/jobs): features register their job kinds on `app.jobs` while
// the app is built; the runner starts when the server is ready and, when it closes, finishes the
// jobs it is running before the database closes.
import fp from 'fastify-plugin';
import { beforeDatabaseCloses } from '../db/close-hooks.js';
import { JobRunner } from '../jobs/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export default fp(async (app) => {
  const jobs = new JobRunner(app.db, {
    concurrency: app.config.jobsConcurrency,
    leaseMs: app.config.jobsLeaseMs,
    onError: (error, job) => app.log.warn({ err: error, job: job?.id, kind: job?.kind }, 'job failed'),
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  beforeDatabaseCloses(app.db, () => jobs.stop());
});
