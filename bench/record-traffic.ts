// The runtime bench's guests served for a while by one bench server (analytics on), its database
// kept after it stops: the recorded traffic the fold micro-benches fold again and again
// (analytics-fold-micro.ts, analytics-fold-micro-postgres.ts).
import autocannon from 'autocannon';
import { startOrdersApi } from './orders-api.js';
import { guestRequests } from './runtime-flow.js';
import { GUESTS, ServerProcess } from './runtime.js';

/** `env`: where the server keeps its database (BENCH_SERVER_DATA_DIR or BENCH_SERVER_SCHEMA). */
export async function recordTraffic(databaseUrl: string, env: Record<string, string>): Promise<void> {
  const orders = await startOrdersApi();
  const server = new ServerProcess(databaseUrl, orders.url, { ANALYTICS: 'on', ...env });
  try {
    const ready = await server.next();
    if (ready.type !== 'ready') throw new Error('the bench server did not start');
    const problems: string[] = [];
    await autocannon({
      url: ready.base,
      connections: GUESTS,
      duration: Number(process.env.FOLD_MICRO_SECONDS ?? 8),
      requests: guestRequests(ready.botId, problems),
    });
    if (problems.length) throw new Error(`unexpected answers: ${problems[0]}`);
  } finally {
    await server.stop();
    orders.close();
  }
}
