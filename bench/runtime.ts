// `npm run bench -- runtime`: conversation turns per second over loopback HTTP. A realistic flow
// (text, choice, condition, variable, an api node calling a local HTTP server) is driven by 100
// concurrent guests with autocannon: each guest says Hello, asks to track an order, types the
// order number (the api node runs, a condition picks the answer), and does it again; then a new
// guest takes its place. Beside it, in the same server and run, a bare Fastify route (same
// multipart parsing) answers a reply of the same size. The server runs in a child process (this
// file, forked) so the load generator and the order API do not share its event loop; its CPU
// time per request is printed too, a figure that holds up on a busy machine where turns/s do not.
// SQLite, then PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server;
// skipped when it cannot be reached).
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { newNode, type FlowNode, type NodeOfType, type NodeType } from '../src/core/flow/index.js';
import { newBotFields } from '../src/core/bot/types.js';
import { printTable } from './stats.js';

const GUESTS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PAGE = 'https://shop.example.com/orders';
const BOUNDARY = '----botflowbench';
const HEADERS = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'x-botflow-origin': PAGE };

// --- The flow and the guests -------------------------------------------------------------------

function node<T extends NodeType>(type: T, id: string, fields: Partial<NodeOfType<T>>): NodeOfType<T> {
  return { ...newNode(type, id, 0, 0, id), ...fields } as NodeOfType<T>;
}
const text = (en: string) => ({
  type: 'content' as const,
  content: { type: 'text' as const, title: 't', content: { en } },
});

export function benchFlow(apiUrl: string): FlowNode[] {
  const greet = node('basic', 'greet', { entries: [text('Welcome to the shop! I can track your orders.')] });
  greet.next = [{ id: 0, node: 'menu' }];
  const menu = node('choice', 'menu', { message: { en: 'How can I help?' } });
  menu.next = [
    { id: 1, node: 'track', option: { en: { name: 'Track order', alt: ['track'] } } },
    { id: 2, node: 'greet', option: { en: { name: 'Talk to us' } } },
    { id: 0, node: 'menu' },
  ];
  const track = node('basic', 'track', {
    entries: [
      text('Your order number?'),
      { type: 'variable', name: 'order', default: '', variableType: 'number', wait: true },
    ],
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
  const shipped = node('basic', 'shipped', {
    entries: [text('Order ${{order}} shipped on ${{info.date}}.')],
  });
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

/** One autocannon connection is one guest; each pass over the list starts with a fresh context. */
function guestRequests(botId: number, problems: string[]): autocannon.Request[] {
  type Guest = { guestId?: string };
  const turn = (message: string, expected: string): autocannon.Request => ({
    method: 'POST',
    path: `/api/chat?bot_id=${botId}`,
    headers: HEADERS,
    setupRequest(request, context) {
      const guestId = (context as Guest).guestId;
      const body = form(guestId ? { message, guest_id: guestId } : { message, ignore_saving: '1' });
      return { ...request, body };
    },
    onResponse(status, body, context) {
      if (status !== 200 || !body.includes(expected)) problems.push(`${status} ${body.slice(0, 160)}`);
      else if (message === 'Hello') (context as Guest).guestId = JSON.parse(body).guest_id;
    },
  });
  return [
    turn('Hello', 'How can I help?'),
    turn('track', 'Your order number?'),
    turn('42', 'Order 42 shipped on 2024-05-01'),
    turn('track', 'Your order number?'),
    turn('7', 'Order 7 shipped'),
  ];
}

// --- The server, in a child process ------------------------------------------------------------

type Message =
  { type: 'ready'; base: string; botId: number } | { type: 'cpu'; micros: number } | { type: 'ok' };

async function withPg(url: string, fn: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}

async function serve(): Promise<void> {
  const { buildApp } = await import('../server/app.js');
  const { loadConfig } = await import('../server/config.js');
  const { createBot } = await import('../server/repos/bots.js');
  const { issueAccessToken } = await import('../server/repos/tokens.js');
  const databaseUrl = process.env.BENCH_SERVER_DATABASE ?? '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'botflow-bench-runtime-'));
  const schema = databaseUrl ? `bench_${crypto.randomBytes(5).toString('hex')}` : undefined;
  if (schema) await withPg(databaseUrl, (c) => c.query(`CREATE SCHEMA ${schema}`));
  const app = await buildApp({
    ...loadConfig({}),
    dataDir,
    databaseUrl,
    databaseSchema: schema,
    logLevel: 'silent',
    allowPrivateTargets: true,
    distDir: path.join(dataDir, 'none'),
  });
  let bare = '';
  app.post('/bench/bare', async (_request, reply) => reply.type('application/json').send(bare));
  await app.listen({ port: 0, host: '127.0.0.1' });

  const owner = await app.db
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
  const bot = await createBot(app.db, owner.id, {
    ...newBotFields(),
    name: 'Shop',
    origins: ['https://shop.example.com'],
  });
  const token = await issueAccessToken(app.db, owner.id);
  const published = await app.inject({
    method: 'POST',
    url: `/api/flow/${bot.id}`,
    headers: { authorization: `Bearer ${token}`, 'if-match': '0' },
    payload: { nodes: benchFlow(process.env.BENCH_ORDERS_API ?? '') },
  });
  if (published.statusCode !== 200) throw new Error(`publish failed: ${published.body}`);

  const send = (message: Message) => process.send!(message);
  process.on('message', async (message: { type: string; body?: string }) => {
    if (message.type === 'bare') {
      bare = message.body ?? '';
      send({ type: 'ok' });
    } else if (message.type === 'cpu') {
      const usage = process.cpuUsage();
      send({ type: 'cpu', micros: usage.user + usage.system });
    } else if (message.type === 'stop') {
      await app.close();
      if (schema) await withPg(databaseUrl, (c) => c.query(`DROP SCHEMA ${schema} CASCADE`));
      fs.rmSync(dataDir, { recursive: true, force: true });
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

// --- The load, from this process ---------------------------------------------------------------

class ServerProcess {
  private readonly child: ChildProcess;
  private readonly waiting: ((message: Message) => void)[] = [];

  constructor(databaseUrl: string, ordersApi: string) {
    this.child = fork(fileURLToPath(import.meta.url), [], {
      // BENCH_SERVER_NODE_OPTIONS='--cpu-prof' profiles the server.
      execArgv: [
        '--import',
        'tsx',
        ...(process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean),
      ],
      env: {
        ...process.env,
        BENCH_ROLE: 'runtime-server',
        BENCH_SERVER_DATABASE: databaseUrl,
        BENCH_ORDERS_API: ordersApi,
      },
    });
    this.child.on('message', (message: Message) => this.waiting.shift()?.(message));
  }

  next(): Promise<Message> {
    return new Promise((resolve, reject) => {
      this.waiting.push(resolve);
      this.child.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
    });
  }

  async ask(message: object): Promise<Message> {
    const answer = this.next();
    this.child.send(message);
    return answer;
  }

  async cpuMicros(): Promise<number> {
    const answer = await this.ask({ type: 'cpu' });
    return answer.type === 'cpu' ? answer.micros : NaN;
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'stop' });
    await exited;
  }
}

interface Load {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
  cpuMicrosPerRequest: number;
}

async function load(server: ServerProcess, options: autocannon.Options, problems: string[]): Promise<Load> {
  const cpuBefore = await server.cpuMicros();
  const result = await autocannon({ connections: GUESTS, duration: SECONDS, ...options });
  const cpu = (await server.cpuMicros()) - cpuBefore;
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts + problems.length,
    bytes: result.throughput.total / Math.max(1, result.requests.total),
    cpuMicrosPerRequest: cpu / Math.max(1, result.requests.total),
  };
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

async function benchDatabase(
  label: string,
  databaseUrl: string,
  ordersApi: string,
  rows: (string | number)[][],
) {
  const server = new ServerProcess(databaseUrl, ordersApi);
  const ready = await server.next();
  if (ready.type !== 'ready') throw new Error('the bench server did not start');
  const chat = (problems: string[]) => ({ url: ready.base, requests: guestRequests(ready.botId, problems) });
  try {
    // Warm-up: JIT, caches, and the reply size the bare route must match.
    const warm = await autocannon({ connections: GUESTS, duration: 2, ...chat([]) });
    const size = Math.round(warm.throughput.total / Math.max(1, warm.requests.total));
    const reply = {
      success: true,
      guest_id: crypto.randomUUID(),
      reply: [{ type: 'text', content: '' }],
      old_conversation: [],
    };
    const bareBody = form({ message: 'track', guest_id: crypto.randomUUID() });
    const bareOptions = {
      url: `${ready.base}/bench/bare`,
      method: 'POST' as const,
      headers: HEADERS,
      body: bareBody,
    };
    // Pad the bare answer until it is as large on the wire (headers included) as a chat answer.
    await server.ask({ type: 'bare', body: JSON.stringify(reply) });
    const probe = await autocannon({ ...bareOptions, connections: 1, amount: 20 });
    const headersSize = probe.throughput.total / probe.requests.total - JSON.stringify(reply).length;
    reply.reply[0].content = 'x'.repeat(
      Math.max(0, Math.round(size - headersSize - JSON.stringify(reply).length)),
    );
    await server.ask({ type: 'bare', body: JSON.stringify(reply) });

    const bare = await load(server, bareOptions, []);
    const problems: string[] = [];
    const turns = await load(server, chat(problems), problems);
    if (problems.length) console.log(`${label}: ${problems.length} unexpected answers, e.g. ${problems[0]}`);
    const row = (name: string, l: Load, ratio: string, cpuRatio: string) => [
      name,
      Math.round(l.perSecond),
      l.p50,
      l.p99,
      l.errors,
      Math.round(l.bytes),
      Math.round(l.cpuMicrosPerRequest),
      ratio,
      cpuRatio,
    ];
    rows.push(row(`bare route, ${label}`, bare, '', ''));
    rows.push(
      row(
        `chat turn, ${label}`,
        turns,
        `${Math.round((100 * turns.perSecond) / bare.perSecond)}%`,
        `${Math.round((100 * bare.cpuMicrosPerRequest) / turns.cpuMicrosPerRequest)}%`,
      ),
    );
  } finally {
    await server.stop();
  }
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
  const orders = await startOrdersApi();
  const rows: (string | number)[][] = [];
  try {
    await benchDatabase('SQLite', '', orders.url, rows);
    const pgUrl =
      process.env.BENCH_DATABASE_URL ??
      process.env.TEST_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/test';
    if (await reachable(pgUrl)) await benchDatabase('PostgreSQL', pgUrl, orders.url, rows);
    else console.log(`PostgreSQL at ${pgUrl} is not reachable: skipped.`);
  } finally {
    orders.close();
  }
  printTable(
    `Conversation runtime over loopback HTTP: ${GUESTS} concurrent guests, ${SECONDS} s per run, server in its own process (targets: chat ≥ 40% of the bare route's rate, p99 ≤ 50 ms, no errors)`,
    [
      'run',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'bytes/answer',
      'server CPU µs/req',
      'rate vs bare',
      'CPU vs bare',
    ],
    rows,
  );
}
