// Analytics' background work (server/analytics/jobs.ts): its job kinds on the runner, and the next
// rollup and purge scheduled once the server is ready.
import fp from 'fastify-plugin';
import { registerAnalyticsJobs, scheduleAnalyticsJobs } from '../analytics/jobs.js';

export default fp(async (app) => {
  registerAnalyticsJobs(app.jobs, app.db, app.config.analyticsRetentionDays);
  app.addHook('onReady', async () => {
    await scheduleAnalyticsJobs(app.jobs);
  });
});
