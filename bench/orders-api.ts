// The order-tracking API that the runtime bench's api node calls (bench/runtime.ts forks this
// file). It runs in a process of its own, as a real API would: inside the load generator's
// process it waited behind autocannon's work, and that wait showed up as chat turn latency.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Starts the API in a child process; answers its base URL and how to stop it. */
export async function startOrdersApi(): Promise<{ url: string; close: () => void }> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_ROLE: 'orders-api' },
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: { url: string }) => resolve(message.url));
    child.once('exit', (code) => reject(new Error(`the orders API exited (${code})`)));
  });
  return { url, close: () => child.kill() };
}

async function serve(): Promise<void> {
  const answer = JSON.stringify({ state: 'shipped', date: '2024-05-01', carrier: 'Post' });
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(answer));
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}

if (process.env.BENCH_ROLE === 'orders-api') await serve();
