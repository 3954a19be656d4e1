// One jobs-runner process of bench/jobs.ts: runs the `noop` jobs until told to stop (SIGTERM),
// stops gracefully, then prints the ids of the jobs it ran as one JSON line.
import { openDatabase } from '../server/db/connect.js';
import { JobRunner } from '../server/jobs/index.js';

const db = openDatabase(JSON.parse(process.env.JOBS_DB ?? '{}'));
const ran: number[] = [];
const runner = new JobRunner(db, { concurrency: 32, pollMs: 5, name: process.env.RUNNER_NAME }).register(
  'noop',
  {
    run: async (_payload, job) => void ran.push(job.id),
  },
);
runner.start();
process.stdout.write('ready\n');
process.on('SIGTERM', async () => {
  await runner.stop();
  await db.destroy();
  process.stdout.write(`${JSON.stringify(ran)}\n`);
  process.exit(0);
});
