// One server instance of bench/notifications.ts: the real app (its jobs runner and notification
// engine) on the bench's database. It ticks once — every instance does, as each would at the
// minute — then delivers until told to stop (SIGTERM).
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';

const database = JSON.parse(process.env.BENCH_DB ?? '{}') as {
  databaseUrl: string;
  databaseSchema?: string;
  dataDir: string;
};
const app = await buildApp({
  ...loadConfig({}),
  ...database,
  logLevel: 'silent',
  notificationTicks: false,
  allowPrivateTargets: true,
});
await app.ready();
process.stdout.write('ready\n');
// CPU from the tick on (start-up left out): the bench divides it by the guests delivered.
let atTick = process.cpuUsage();
process.stdin.once('data', async () => {
  atTick = process.cpuUsage();
  await app.notifications.tick();
});
process.on('SIGTERM', async () => {
  const used = process.cpuUsage(atTick);
  process.stdout.write(`cpu ${used.user + used.system}\n`);
  await app.close();
  process.exit(0);
});
