// The runtime bench's server (bench/runtime.ts forks this file): the real app on a fresh database
// with the shop bot published, plus the bare routes it is compared with. It answers the load
// driver's messages: the bare routes' answer, its CPU time so far, stop.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { PerformanceObserver } from 'node:perf_hooks';
import { newBotFields } from '../src/core/bot/types.js';
import { customer } from '../tests/fixtures/bot-api.js';
import { withPg } from '../tests/fixtures/postgres.js';
import { threadCpuMicros } from './proc-cpu.js';
import { benchFlow } from './runtime-flow.js';
import { sql } from 'kysely';

export type Message =
  | { type: 'ready'; base: string; botId: number }
  // The process's CPU so far, and its main thread's alone (null off Linux).
  | { type: 'cpu'; micros: number; mainMicros: number | null; gcMicros: number }
  | { type: 'ok' };

async function serve(): Promise<void> {
  const { buildApp } = await import('../server/app.js');
  const { loadConfig } = await import('../server/config.js');
  const { createBot } = await import('../server/repos/bots.js');
  const databaseUrl = process.env.BENCH_SERVER_DATABASE ?? '';
  // BENCH_SERVER_DATA_DIR: a folder to keep the database in after the server stops (bench/analytics-fold-micro.ts).
  const keptDir = process.env.BENCH_SERVER_DATA_DIR;
  const dataDir = keptDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'botflow-bench-runtime-'));
  // BENCH_SERVER_SCHEMA: a schema to make and keep after the server stops (bench/analytics-fold-micro-postgres.ts).
  const keptSchema = process.env.BENCH_SERVER_SCHEMA;
  const schema = databaseUrl ? (keptSchema ?? `bench_${crypto.randomBytes(5).toString('hex')}`) : undefined;
  if (schema) await withPg(databaseUrl, (c) => c.query(`CREATE SCHEMA ${schema}`));
  const app = await buildApp({
    ...loadConfig({}),
    dataDir,
    databaseUrl,
    databaseSchema: schema,
    // The level we recommend in production for a chat server: warnings and errors only. At 'info'
    // Fastify logs two lines per request, a cost every route (bare ones too) would pay.
    logLevel: 'warn',
    allowPrivateTargets: true,
    distDir: path.join(dataDir, 'none'),
    // The analytics bench runs one server with analytics and one without (ANALYTICS=off).
    analytics: process.env.ANALYTICS !== 'off',
  });
  const { useChatFormParser } = await import('../server/channels/web/chat-form.js');
  let bare = '';
  // The yardstick: a plain Fastify route, its multipart body parsed by the app's stock
  // @fastify/multipart, as any Fastify app would.
  app.post('/bench/bare', async (_request, reply) => reply.type('application/json').send(bare));
  // For reference: the same route with the chat call's own form parser (chat-form.ts).
  await app.register(async (scope) => {
    useChatFormParser(scope);
    scope.post('/bench/bare-chat-form', async (_request, reply) => reply.type('application/json').send(bare));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });

  // BENCH_SERVER_SQL: statements run in the server's database first (to try a schema change).
  for (const statement of (process.env.BENCH_SERVER_SQL ?? '').split(';').filter((s) => s.trim()))
    await sql.raw(statement).execute(app.db);
  const owner = await customer({ app });
  const bot = await createBot(app.db, owner.id, {
    ...newBotFields(),
    name: 'Shop',
    origins: ['https://shop.example.com'],
  });
  const published = await app.inject({
    method: 'POST',
    url: `/api/flow/${bot.id}`,
    headers: { ...owner.headers, 'if-match': '0' },
    payload: { nodes: benchFlow(process.env.BENCH_ORDERS_API ?? ''), allow_invalid: true },
  });
  if (published.statusCode !== 200) throw new Error(`publish failed: ${published.body}`);

  const send = (message: Message) => process.send!(message);
  // The main thread's garbage collection pauses, summed: what allocation costs the thread that
  // answers every request.
  let gcMicros = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMicros += entry.duration * 1000;
  }).observe({ entryTypes: ['gc'] });
  process.on('message', async (message: { type: string; body?: string }) => {
    if (message.type === 'bare') {
      bare = message.body ?? '';
      send({ type: 'ok' });
    } else if (message.type === 'cpu') {
      const usage = process.cpuUsage();
      // Answered on the main thread: /proc/thread-self is the main thread's own.
      send({ type: 'cpu', micros: usage.user + usage.system, mainMicros: threadCpuMicros(), gcMicros });
    } else if (message.type === 'stop') {
      await app.close();
      if (schema && !keptSchema) await withPg(databaseUrl, (c) => c.query(`DROP SCHEMA ${schema} CASCADE`));
      if (!keptDir) fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  send({
    type: 'ready',
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    botId: bot.id,
  });
}

if (process.env.BENCH_ROLE === 'runtime-server') await serve();
