// `npm run bench -- runtime`: conversation turns per second over loopback HTTP. A realistic flow
// (text, choice, condition, variable, an api node calling a local HTTP server) is driven by 100
// concurrent guests with autocannon: each guest says Hello, asks to track an order, types the
// order number (the api node runs, a condition picks the answer), and does it again; then a new
// guest takes its place. Beside it, in the same server and run, a bare Fastify route answers a
// reply of the same size to a request of the same encoding (the chat's multipart form, as the
// widget sends it), parsed by the stock @fastify/multipart as any Fastify app would. The chat call
// parses its form with its own parser (server/channels/web/chat-form.ts): the first run also
// prints the bare route with that parser, for reference. The server runs in a child process
// (runtime-server.ts) at the log level we recommend in production ('warn'), so the load generator
// and the order API do not share its event loop; its CPU time per request is printed too, a figure
// that holds up on a busy machine where turns/s do not, and so is PostgreSQL's when it runs on
// this machine (bench/proc-cpu.ts). SQLite, then PostgreSQL
// (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server; skipped when it cannot be
// reached). On a shared machine one run of each is at the mercy of whatever else runs then, so the
// bare route and the chat take turns for ROUNDS rounds and the table shows each figure's median
// over the rounds (the ratio is the median of each round's own ratio).
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startOrdersApi } from './orders-api.js';
import { postgresCpuMicros } from './proc-cpu.js';
import { form, guestRequests, HEADERS } from './runtime-flow.js';
import { withPg } from '../tests/fixtures/postgres.js';
import type { Message } from './runtime-server.js';
import { printTable } from './stats.js';

export const GUESTS = 100;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

export class ServerProcess {
  private readonly child: ChildProcess;
  private readonly waiting: { resolve(message: Message): void; reject(error: Error): void }[] = [];
  private exited: Error | null = null;

  constructor(databaseUrl: string, ordersApi: string, env: Record<string, string> = {}) {
    this.child = fork(fileURLToPath(new URL('./runtime-server.ts', import.meta.url)), [], {
      // BENCH_SERVER_NODE_OPTIONS='--cpu-prof' profiles the server (bench/cpu-profile.ts sums it).
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
        ...env,
      },
    });
    this.child.on('message', (message: Message) => this.waiting.shift()?.resolve(message));
    // One listener for every question asked (one per question piled up past Node's limit of 10).
    this.child.once('exit', (code) => {
      this.exited = new Error(`the bench server exited (${code})`);
      for (const waiting of this.waiting.splice(0)) waiting.reject(this.exited);
    });
  }

  next(): Promise<Message> {
    return new Promise((resolve, reject) => {
      if (this.exited) reject(this.exited);
      else this.waiting.push({ resolve, reject });
    });
  }

  async ask(message: object): Promise<Message> {
    const answer = this.next();
    this.child.send(message);
    return answer;
  }

  /**
   * The server's CPU so far: the whole process's, its main thread's (NaN when unknown) and the
   * main thread's garbage collection pauses.
   */
  async cpuMicros(): Promise<{ process: number; main: number; gc: number }> {
    const answer = await this.ask({ type: 'cpu' });
    return answer.type === 'cpu'
      ? { process: answer.micros, main: answer.mainMicros ?? NaN, gc: answer.gcMicros }
      : { process: NaN, main: NaN, gc: NaN };
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'stop' });
    await exited;
  }
}

export interface Load {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
  cpuMicrosPerRequest: number;
  /** The server's main thread alone (NaN off Linux): it answers every request. */
  mainMicrosPerRequest: number;
  /** Of it, garbage collection pauses. */
  gcMicrosPerRequest: number;
  /** PostgreSQL's CPU per request, when it runs here (null otherwise). */
  databaseMicrosPerRequest: number | null;
}

interface Round {
  bare: Load;
  reference: Load | null;
  turns: Load;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Each figure's median over the rounds; errors are summed (one is one too many). */
function medianLoad(loads: Load[]): Load {
  const of = (pick: (l: Load) => number) => median(loads.map(pick));
  const database = loads.map((l) => l.databaseMicrosPerRequest);
  return {
    perSecond: of((l) => l.perSecond),
    p50: of((l) => l.p50),
    p99: of((l) => l.p99),
    errors: loads.reduce((sum, l) => sum + l.errors, 0),
    bytes: of((l) => l.bytes),
    cpuMicrosPerRequest: of((l) => l.cpuMicrosPerRequest),
    mainMicrosPerRequest: of((l) => l.mainMicrosPerRequest),
    gcMicrosPerRequest: of((l) => l.gcMicrosPerRequest),
    databaseMicrosPerRequest: database.every((d) => d !== null) ? median(database as number[]) : null,
  };
}

export async function load(
  server: ServerProcess,
  options: autocannon.Options,
  problems: string[],
): Promise<Load> {
  const cpuBefore = await server.cpuMicros();
  const databaseBefore = postgresCpuMicros();
  const result = await autocannon({ connections: GUESTS, duration: SECONDS, ...options });
  const cpuAfter = await server.cpuMicros();
  const databaseAfter = postgresCpuMicros();
  const requests = Math.max(1, result.requests.total);
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts + problems.length,
    bytes: result.throughput.total / requests,
    cpuMicrosPerRequest: (cpuAfter.process - cpuBefore.process) / requests,
    mainMicrosPerRequest: (cpuAfter.main - cpuBefore.main) / requests,
    gcMicrosPerRequest: (cpuAfter.gc - cpuBefore.gc) / requests,
    databaseMicrosPerRequest:
      databaseBefore === null || databaseAfter === null ? null : (databaseAfter - databaseBefore) / requests,
  };
}

async function benchDatabase(
  label: string,
  databaseUrl: string,
  ordersApi: string,
  rows: (string | number)[][],
  withReference: boolean,
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

    const bareRoute = () => load(server, bareOptions, []);
    const reference = () => load(server, { ...bareOptions, url: `${ready.base}/bench/bare-chat-form` }, []);
    const problems: string[] = [];
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const bare = await bareRoute();
      const referenceLoad = withReference ? await reference() : null;
      const unexpected: string[] = [];
      rounds.push({
        bare,
        reference: referenceLoad,
        turns: await load(server, chat(unexpected), unexpected),
      });
      problems.push(...unexpected);
    }
    if (problems.length) console.log(`${label}: ${problems.length} unexpected answers, e.g. ${problems[0]}`);
    const row = (name: string, l: Load, ratio: string, cpuRatio: string) => [
      name,
      Math.round(l.perSecond),
      l.p50,
      l.p99,
      l.errors,
      Math.round(l.bytes),
      Math.round(l.cpuMicrosPerRequest),
      // SQLite runs inside the server process: its time is in the server's CPU already.
      databaseUrl && l.databaseMicrosPerRequest !== null ? Math.round(l.databaseMicrosPerRequest) : '—',
      ratio,
      cpuRatio,
    ];
    const percent = (ratios: number[]) => `${Math.round(100 * median(ratios))}%`;
    rows.push(row(`bare route, ${label}`, medianLoad(rounds.map((r) => r.bare)), '', ''));
    if (withReference) {
      const references = rounds.flatMap((r) => (r.reference ? [r.reference] : []));
      rows.push(row(`(bare route, chat's form parser)`, medianLoad(references), '', ''));
    }
    rows.push(
      row(
        `chat turn, ${label}`,
        medianLoad(rounds.map((r) => r.turns)),
        percent(rounds.map((r) => r.turns.perSecond / r.bare.perSecond)),
        percent(rounds.map((r) => r.bare.cpuMicrosPerRequest / r.turns.cpuMicrosPerRequest)),
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
    await benchDatabase('SQLite', '', orders.url, rows, true);
    const pgUrl =
      process.env.BENCH_DATABASE_URL ??
      process.env.TEST_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/test';
    if (await reachable(pgUrl)) await benchDatabase('PostgreSQL', pgUrl, orders.url, rows, false);
    else console.log(`PostgreSQL at ${pgUrl} is not reachable: skipped.`);
  } finally {
    orders.close();
  }
  printTable(
    `Conversation runtime over loopback HTTP: ${GUESTS} concurrent guests, medians of ${ROUNDS} rounds of ${SECONDS} s per run, server in its own process (targets: chat ≥ 40% of the bare route's rate, p99 ≤ 50 ms, no errors)`,
    [
      'run',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'bytes/answer',
      'server CPU µs/req',
      'PostgreSQL CPU µs/req',
      'rate vs bare',
      'CPU vs bare',
    ],
    rows,
  );
}
