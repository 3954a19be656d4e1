import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { printTable, summarize, timeCalls } from './stats.js';

const REQUESTS = 400;
const CONCURRENCY = 8;

/**
 * API latency over real HTTP on loopback against a fresh SQLite database: the calls the dashboard
 * makes most, plus login, which is bound by scrypt on purpose.
 */
export async function runApiBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'botflow-bench-'));
  const app = await buildApp({
    ...loadConfig({}),
    dataDir,
    logLevel: 'silent',
    authRateLimit: 1_000_000,
    distDir: path.join(dataDir, 'none'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return body;
  };
  const signup = await fetch(`${base}/api/signup`, {
    method: 'POST',
    body: form({
      first_name: 'Bench',
      last_name: 'User',
      email: 'bench@example.com',
      username: 'bench',
      password: 'bench-password-1',
      mre_call_provider_id: 'botflow-default',
      mre_call_provider_name: 'BotFlow Calls',
    }),
  }).then((r) => r.json());
  const auth = { Authorization: `Bearer ${signup.access_token}` };
  // Skip the e-mail step: the bench measures the calls, not the inbox.
  await app.db.updateTable('users').set({ is_email_verified: 1 }).execute();

  const cases: [string, (i: number) => Promise<void>][] = [
    ['GET /api/health', async () => void (await fetch(`${base}/api/health`)).arrayBuffer()],
    ['GET /api/providers', async () => void (await fetch(`${base}/api/providers`)).arrayBuffer()],
    [
      'GET /api/user-info',
      async () => void (await fetch(`${base}/api/user-info`, { headers: auth })).arrayBuffer(),
    ],
    ['GET /api/bot', async () => void (await fetch(`${base}/api/bot`, { headers: auth })).arrayBuffer()],
    [
      'POST /api/login (scrypt)',
      async () =>
        void (
          await fetch(`${base}/api/login`, {
            method: 'POST',
            body: form({
              email: 'bench@example.com',
              password: 'bench-password-1',
              mre_call_provider_id: 'botflow-default',
            }),
          })
        ).arrayBuffer(),
    ],
  ];

  const rows: (string | number)[][] = [];
  for (const [name, call] of cases) {
    const count = name.includes('login') ? REQUESTS / 8 : REQUESTS;
    await timeCalls(20, 2, call); // warm-up
    const started = performance.now();
    const t = summarize(await timeCalls(count, CONCURRENCY, call));
    const seconds = (performance.now() - started) / 1000;
    rows.push([name, t.count, t.median, t.p95, Math.round(t.count / seconds)]);
  }
  printTable(
    `API latency over loopback HTTP, SQLite, ${CONCURRENCY} concurrent clients`,
    ['call', 'requests', 'median ms', 'p95 ms', 'req/s'],
    rows,
  );
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
