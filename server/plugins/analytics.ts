// Analytics' background work (server/analytics/jobs.ts, fold.ts): its job kinds on the runner,
// the next rollup and purge scheduled once the server is ready, and the fold of the turns' events
// each second (also run by the analytics routes before they read).
import fp from 'fastify-plugin';
import { AnalyticsFold, FOLD_MS } from '../analytics/fold.js';
import { registerAnalyticsJobs, scheduleAnalyticsJobs } from '../analytics/jobs.js';
import { beforeDatabaseCloses } from '../db/close-hooks.js';

declare module 'fastify' {
  interface FastifyInstance {
    analyticsFold: AnalyticsFold;
  }
}

export default fp(async (app) => {
  // An unreadable event is skipped (one bad row must not stop analytics), never silently.
  const fold = new AnalyticsFold(app.db, (unreadable) =>
    app.log.warn({ unreadable }, 'analytics fold skipped events that are not turn events'),
  );
  app.decorate('analyticsFold', fold);
  registerAnalyticsJobs(app.jobs, app.db, app.config.analyticsRetentionDays);
  app.addHook('onReady', async () => {
    await scheduleAnalyticsJobs(app.jobs);
    fold.every(FOLD_MS, (error) => app.log.warn({ err: error }, 'analytics fold failed'));
  });
  beforeDatabaseCloses(app.db, () => fold.stop());
});
