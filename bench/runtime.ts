// `npm run bench -- runtime`: conversation turns per second over loopback HTTP. A realistic flow
// (text, choice, condition, variable, an api node calling a local HTTP server) is driven by 100
// concurrent guests with autocannon; each guest says Hello, then asks to track an order, types
// the order number (the api node runs, a condition picks the answer), and does it again. Beside
// it, in the same run and on the same app (same multipart parsing), a bare Fastify route answers
// a reply of the same size. Printed: turns/s, p50 and p99 latency, errors, and the ratio, on
// SQLite and on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server;
// skipped when it cannot be reached).
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { newNode, type FlowNode, type NodeOfType, type NodeType } from '../src/core/flow/index.js';
import { newBotFields } from '../src/core/bot/types.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createBot } from '../server/repos/bots.js';
import { issueAccessToken } from '../server/repos/tokens.js';
import { printTable } from './stats.js';

const GUESTS = Number(process.env.BENCH_GUESTS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PAGE = 'https://shop.example.com/orders';
const BOUNDARY = '----botflowbench';

function node<T extends NodeType>(type: T, id: string, fields: Partial<NodeOfType<T>>): NodeOfType<T> {
  return { ...newNode(type, id, 0, 0, id), ...fields } as NodeOfType<T>;
}
const text = (content: string) => ({ type: 'content' as const, content: { type: 'text' as const, title: 't', content: { en: content } } });

function benchFlow(apiUrl: string): FlowNode[] {
  const greet = node('basic', 'greet', { entries: [text('Welcome to the shop! I can track your orders.')] });
  greet.next = [{ id: 0, node: 'menu' }];
  const menu = node('choice', 'menu', { message: { en: 'How can I help?' } });
  menu.next = [
    { id: 1, node: 'track', option: { en: { name: 'Track order', alt: ['track'] } } },
    { id: 2, node: 'greet', option: { en: { name: 'Talk to us' } } },
    { id: 0, node: 'menu' },
  ];
  const track = node('basic', 'track', {
    entries: [text('Your order number?'), { type: 'variable', name: 'order', default: '', variableType: 'number', wait: true }],
  });
  track.next = [{ id: 0, node: 'lookup' }];
  const lookup = node('api', 'lookup', {
    store: { name: 'info', statusCodeVariable: 'code', successTarget: null, failureTarget: null },
  });
  lookup.api = { ...lookup.api, url: `${apiUrl}/orders/\${{order}}`, retries: 1, retryDelay: 0 };
  lookup.next = [
    { id: 2, node: 'shipped', condition: { en: 'info.state == "shipped" and code == 200' } },
    { id: 0, node: 'pending' },
    { id: 1, node: 'pending', onFailure: true },
  ];
  const shipped = node('basic', 'shipped', { entries: [text('Order ${{order}} shipped on ${{info.date}}.')] });
  shipped.next = [{ id: 0, node: 'menu' }];
  const pending = node('basic', 'pending', { entries: [text('Order ${{order}} is ${{info.state}}.')] });
  pending.next = [{ id: 0, node: 'menu' }];
  return [greet, menu, track, lookup, shipped, pending];
}

function form(fields: Record<string, string>): string {
  let body = '';
  for (const [name, value] of Object.entries(fields)) {
    body += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  return `${body}--${BOUNDARY}--\r\n`;
}

async function startOrdersApi() {
  const answer = JSON.stringify({ state: 'shipped', date: '2024-05-01', carrier: 'Post' });
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(answer));
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

interface Setup {
  app: FastifyInstance;
  base: string;
  botId: number;
  close(): Promise<void>;
}

async function startApp(databaseUrl: string, apiUrl: string): Promise<Setup> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'botflow-bench-runtime-'));
  const schema = databaseUrl ? `bench_${crypto.randomBytes(5).toString('hex')}` : undefined;
  if (schema) await withPg(databaseUrl, (c) => c.query(`CREATE SCHEMA ${schema}`));
  const app = await buildApp({
    ...loadConfig({}),
    dataDir,
    databaseUrl,
    databaseSchema: schema,
    logLevel: 'silent',
    authRateLimit: 1_000_000,
    allowPrivateTargets: true,
    distDir: path.join(dataDir, 'none'),
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.elapsedTime > 300) console.log('server-slow', Math.round(reply.elapsedTime), request.url);
  });
  let bare = '';
  app.post('/bench/bare', async (_request, reply) => reply.type('application/json').send(bare));
  (app as unknown as { setBare(text: string): void }).setBare = (text) => void (bare = text);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const { id: userId } = await app.db
    .insertInto('users')
    .values({
      first_name: 'Bench',
      last_name: 'Owner',
      email: 'bench@example.com',
      username: 'bench',
      password_hash: 'unused',
      is_email_verified: 1,
      is_deleted: 0,
      mre_call_provider_id: null,
      mre_call_provider_name: null,
      mre_call_profile_id: null,
      mre_call_endpoint: null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bot = await createBot(app.db, userId, { ...newBotFields(), name: 'Shop', origins: ['https://shop.example.com'] });
  const token = await issueAccessToken(app.db, userId);
  const published = await app.inject({
    method: 'POST',
    url: `/api/flow/${bot.id}`,
    headers: { authorization: `Bearer ${token}`, 'if-match': '0' },
    payload: { nodes: benchFlow(apiUrl) },
  });
  if (published.statusCode !== 200) throw new Error(`publish failed: ${published.body}`);
  return {
    app,
    base,
    botId: bot.id,
    async close() {
      await app.close();
      if (schema) await withPg(databaseUrl, (c) => c.query(`DROP SCHEMA ${schema} CASCADE`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withPg(url: string, fn: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}

interface Load {
  turnsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
}

const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'x-botflow-origin': PAGE };

/** Each connection is a guest: Hello, then track + order number, twice; then a new guest. */
function guestRequests(botId: number, problems: string[]): autocannon.Request[] {
  type Guest = { guestId?: string };
  const turn = (message: string, expect: string): autocannon.Request => ({
    method: 'POST',
    path: `/api/chat?bot_id=${botId}`,
    headers,
    setupRequest(request, context) {
      const guestId = (context as Guest).guestId;
      const fields: Record<string, string> = { message };
      if (guestId) fields.guest_id = guestId;
      else fields.ignore_saving = '1';
      (context as Guest & { t?: number }).t = performance.now();
      const ctx = context as { id?: number };
      ctx.id ??= Math.floor(Math.random() * 1e6);
      if (process.env.BENCH_TRACE) console.log('setup', ctx.id, message, Math.round(performance.now()));
      return { ...request, body: form(fields) };
    },
    onResponse(status, body, context) {
      const ms = performance.now() - ((context as { t?: number }).t ?? 0);
      (globalThis as unknown as { lat: Record<string, number[]> }).lat ??= {};
      ((globalThis as unknown as { lat: Record<string, number[]> }).lat[message] ??= []).push(ms);
      if (process.env.BENCH_TRACE) console.log('resp', (context as { id?: number }).id, message, Math.round(ms), Math.round(performance.now()));
      if (status !== 200 || !body.includes(expect)) problems.push(`${status} ${body.slice(0, 200)}`);
      if (message === 'Hello') (context as Guest).guestId = JSON.parse(body).guest_id;
    },
  });
  // autocannon starts every pass over the list with a fresh context: a new guest each time.
  return [
    turn('Hello', 'How can I help?'),
    turn('track', 'Your order number?'),
    turn('42', 'shipped on 2024-05-01'),
    turn('track', 'Your order number?'),
    turn('7', 'Order 7 shipped'),
  ];
}

async function load(base: string, requests: autocannon.Request[] | null, bareBody: string, seconds: number, problems: string[]): Promise<Load> {
  const result = await autocannon({
    url: requests ? base : `${base}/bench/bare`,
    connections: GUESTS,
    duration: seconds,
    ...(requests ? { requests } : { method: 'POST' as const, headers, body: bareBody }),
  });
  return {
    turnsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts + problems.length,
    bytes: result.throughput.total / Math.max(1, result.requests.total),
  };
}

async function benchDatabase(label: string, databaseUrl: string, apiUrl: string, rows: (string | number)[][]) {
  const setup = await startApp(databaseUrl, apiUrl);
  const problems: string[] = [];
  // Warm-up: fills caches and JIT, and measures the reply size the bare route must match.
  const warm = await load(setup.base, guestRequests(setup.botId, problems), '', 2, problems);
  problems.length = 0;
  const padding = Math.max(0, Math.round(warm.bytes) - 250);
  const bare = JSON.stringify({ success: true, guest_id: crypto.randomUUID(), reply: [{ type: 'text', content: 'x'.repeat(padding) }], old_conversation: [] });
  (setup.app as unknown as { setBare(text: string): void }).setBare(bare);
  const bareLoad = await load(setup.base, null, form({ message: 'track', guest_id: crypto.randomUUID() }), SECONDS, []);
  const runtime = await load(setup.base, guestRequests(setup.botId, problems), '', SECONDS, problems);
  if (problems.length) console.log(`${label}: ${problems.length} unexpected answers, e.g. ${problems[0]}`);
  rows.push([`bare route (${label})`, Math.round(bareLoad.turnsPerSecond), bareLoad.p50, bareLoad.p99, bareLoad.errors, Math.round(bareLoad.bytes), '']);
  rows.push([
    `chat turn (${label})`,
    Math.round(runtime.turnsPerSecond),
    runtime.p50,
    runtime.p99,
    runtime.errors,
    Math.round(runtime.bytes),
    `${Math.round((100 * runtime.turnsPerSecond) / bareLoad.turnsPerSecond)}%`,
  ]);
  await setup.close();
}

async function reachable(url: string): Promise<boolean> {
  try {
    await withPg(url, (c) => c.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

export async function runRuntimeBench(): Promise<void> {
  const api = await startOrdersApi();
  const rows: (string | number)[][] = [];
  try {
    await benchDatabase('SQLite', '', api.url, rows);
    const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    if (await reachable(pgUrl)) await benchDatabase('PostgreSQL', pgUrl, api.url, rows);
    else console.log(`PostgreSQL at ${pgUrl} is not reachable: skipped.`);
  } finally {
    api.close();
  }
  printTable(
    `Conversation runtime over loopback HTTP: ${GUESTS} concurrent guests, ${SECONDS} s per run (targets: chat ≥ 40% of bare, p99 ≤ 50 ms, no errors)`,
    ['run', 'turns/s', 'p50 ms', 'p99 ms', 'errors', 'bytes/answer', 'chat / bare'],
    rows,
  );
}
