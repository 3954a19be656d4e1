// The server side of the channel benches (channels.ts, channels-cost.ts): a test app on the
// database API_DATABASE_URL names (SQLite when unset), listening on `port`, with a bot connected
// to the fake Telegram in the child process (channels-telegram.ts) and an echo flow published.
import { fork, type ChildProcess } from 'node:child_process';
import { connectTelegram } from '../server/channels/telegram/connect.js';
import { createBot, customer } from '../tests/fixtures/bot-api.js';
import { DEV_TOKEN } from '../tests/fixtures/fake-telegram.js';
import { link, node, publish, text } from '../tests/api/chat-support.js';
import { createTestApp, type TestApp } from '../tests/api/helpers.js';
import type { LoadResult, LoadRun } from './channels-telegram.js';

export interface Telegram {
  child: ChildProcess;
  baseUrl: string;
}

/** The fake Telegram and the load generator, in a process of their own. */
export function startTelegram(port: number): Promise<Telegram> {
  const child = fork('bench/channels-telegram.ts', [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, FAKE_TELEGRAM_PORT: String(port) },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { baseUrl: string }) => resolve({ child, baseUrl: m.baseUrl }));
    child.once('exit', (code) => reject(new Error(`The fake Telegram exited (${code})`)));
  });
}

/** Runs one load at the child: its figures, once every reply came (or its wait ran out). */
export function load(child: ChildProcess, job: LoadRun): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    child.once('message', (m: LoadResult | { type: 'error'; message: string }) =>
      m.type === 'result' ? resolve(m) : reject(new Error(m.message)),
    );
    child.send(job);
  });
}

export interface BenchServer {
  t: TestApp;
  /** The bot's webhook. */
  url: string;
}

/** The app listening on `port` with a bot on the fake Telegram whose flow says "ready", then echoes. */
export async function startBenchServer(telegram: Telegram, port: number): Promise<BenchServer> {
  const t = await createTestApp({
    telegramApiBase: telegram.baseUrl,
    logLevel: 'silent',
    // The fake does not limit: Telegram's per-token 30 a second would cap the 200 updates/s here.
    // A chat's pace (1 a second past 3) is on with BENCH_CHAT_PACE_MS=1000 (the bursts then take
    // ≥ 7 s a chat: what they check is lost / duplicated / order).
    telegramSendsPerSecond: 0,
    telegramChatIntervalMs: Number(process.env.BENCH_CHAT_PACE_MS ?? 0),
  });
  try {
    await t.app.listen({ port, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    const owner = await customer(t);
    const bot = await createBot(t, owner);
    const c = { t, base, owner, botId: bot.id as number };
    await t.app.db.updateTable('bots').set({ telegram_token: DEV_TOKEN }).where('id', '=', c.botId).execute();
    await connectTelegram(t.app.db, t.config, c.botId, DEV_TOKEN);
    const echo = node('basic', 'echo', {
      entries: [
        { type: 'variable', name: 'said', default: '', variableType: 'text', wait: true },
        text('${{said}}'),
      ],
    });
    await publish(c, [link(node('basic', 'hi', { entries: [text('ready')] }), 'echo'), link(echo, 'echo')]);
    return { t, url: `${base}/api/channels/telegram/${c.botId}` };
  } catch (error) {
    await t.close();
    throw error;
  }
}
