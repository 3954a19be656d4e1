// Notifications (issue 18, speed): 10,000 guests due in the same minute. The guests, a bot with a
// published flow template and a notification starting this minute are made through the real
// app; then server instances (two processes on one PostgreSQL database, or one on SQLite) tick —
// each, as every instance does at the minute — and deliver. The bench counts at the receiving end
// (web: the guests' stored conversations) and prints delivered, duplicates, missed, the time until
// the last delivery and sends/s.
//
// The guests are spread over BENCH_BOTS bots (default 4), each with its own Telegram token and
// WhatsApp number and a notification of its own (a template belongs to one bot): Telegram's
// sends are paced at the real default, 30 a second per token (TELEGRAM_SENDS_PER_SECOND), and the
// fake enforces that limit with 429s as the real API does — with one bot, its 3,333 Telegram guests
// alone would need 111 s. The bench prints the 429s the fake answered.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { migrateToLatest, openDatabase } from '../server/db/connect.js';
import { newSession } from '../server/runtime/session.js';
import { newNode } from '../src/core/flow/index.js';
import { createBot, customer } from '../tests/fixtures/bot-api.js';
import { startFakeTelegram, type FakeTelegram } from '../tests/fixtures/fake-telegram.js';
import { startFakeWhatsApp, type FakeWhatsApp } from '../tests/fixtures/fake-whatsapp.js';
import type { Environment } from '../server/runtime/session.js';
import { withPg } from '../tests/fixtures/postgres.js';
import { postgresCpuMicros } from './proc-cpu.js';
import { printTable } from './stats.js';

const GUESTS = Number(process.env.BENCH_GUESTS ?? 10_000);
const TIP = 'Bench tip of the day';
const LIMIT_MS = 120_000;
const BOTS = Math.max(1, Number(process.env.BENCH_BOTS ?? 4));
/** Telegram's broadcast limit per token, kept by the server and enforced by the fake. */
const TELEGRAM_PER_SECOND = Number(process.env.TELEGRAM_SENDS_PER_SECOND ?? 30);
/** Each bot's Telegram token and WhatsApp number (and its token) on the fakes. */
const telegramTokenOf = (bot: number) => `${700000 + bot}:AAF-bench-telegram-token-${bot}`;
const phoneIdOf = (bot: number) => String(106540352242900 + bot);
const whatsappTokenOf = (bot: number) => `EAAG-bench-whatsapp-token-${bot}`;

interface BenchDatabase {
  databaseUrl: string;
  databaseSchema?: string;
  dataDir: string;
  telegramApiBase?: string;
  whatsappApiBase?: string;
}

/** A third of the guests on each channel. */
const CHANNELS: Environment[] = ['web', 'telegram', 'whatsapp'];
const channelOf = (i: number) => CHANNELS[i % 3];
const chatIdOf = (i: number) => String(15550000000 + i);

function startInstance(database: BenchDatabase): {
  child: ChildProcessWithoutNullStreams;
  ready: Promise<void>;
  cpu: Promise<number>;
} {
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'bench/notifications-process.ts'], {
    env: { ...process.env, BENCH_DB: JSON.stringify(database) },
  });
  child.stderr.pipe(process.stderr);
  const ready = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
  });
  // Its CPU time (µs) from the tick to SIGTERM, which it prints as it stops.
  const cpu = new Promise<number>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const said = /cpu (\d+)/.exec(chunk.toString());
      if (said) resolve(Number(said[1]));
    });
    child.once('exit', () => resolve(0));
  });
  return { child, ready, cpu };
}

/** The bot, its template and the guests, through the real app; answers nothing, leaves the rows. */
async function seed(database: BenchDatabase): Promise<void> {
  const app = await buildApp({
    ...loadConfig({}),
    ...database,
    logLevel: 'silent',
    notificationTicks: false,
  });
  const config = { ...loadConfig({}), ...database };
  const t = { app, config, close: () => app.close() };
  const owner = await customer(t);
  const headers = owner.headers;
  const tip = { ...newNode('basic', 'tip', 0, 0, 'Tip'), entries: [] as unknown[] };
  tip.entries = [{ type: 'content', content: { type: 'text', title: 'Text', content: { en: TIP } } }];
  const bots: { id: number; template: number }[] = [];
  for (let b = 0; b < BOTS; b++) {
    const bot = await createBot(t, owner, { name: `Bench bot ${b + 1}` });
    const botId = bot.id as number;
    await app.inject({
      method: 'POST',
      url: '/api/flow_template',
      headers,
      payload: { flow_name: 'tips', bot_id: botId },
    });
    const put = await app.inject({
      method: 'PUT',
      url: '/api/flow_template',
      headers,
      payload: { flow_name: 'tips', nodes: [tip], bot_id: botId },
    });
    if (put.statusCode !== 200) throw new Error(put.body);
    const { id: template } = await app.db
      .selectFrom('flows')
      .select('id')
      .where('bot_id', '=', botId)
      .where('name', '=', 'tips')
      .executeTakeFirstOrThrow();
    await app.db
      .updateTable('bots')
      .set({
        telegram_token: telegramTokenOf(b),
        whatsapp_phone_id: phoneIdOf(b),
        whatsapp_token: whatsappTokenOf(b),
      })
      .where('id', '=', botId)
      .execute();
    bots.push({ id: botId, template });
  }
  const now = Date.now();
  const said = JSON.stringify([
    { sender: 'user', payload: { type: 'text', content: 'hi' }, languageCode: 'en' },
  ]);
  for (let i = 0; i < GUESTS; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, GUESTS - i) }, (_, k) => {
      const channel = channelOf(i + k);
      return {
        id: crypto.randomUUID(),
        // Every bot gets a third of its guests on each channel.
        bot_id: bots[Math.floor((i + k) / 3) % BOTS].id,
        state: JSON.stringify({ ...newSession('main', 'en', { ENVIRONMENT: channel }), messageCount: 1 }),
        version: 1,
        created_at: now,
        updated_at: now,
        last_seen_at: now,
        channel: channel === 'web' ? null : channel,
        external_chat_id: channel === 'web' ? null : chatIdOf(i + k),
      };
    });
    await app.db.insertInto('guest_sessions').values(rows).execute();
    // Each guest said hi a minute ago: WhatsApp's 24-hour window is open.
    await app.db
      .insertInto('conversation_turns')
      .values(rows.map((row) => ({ guest_id: row.id, seq: 0, messages: said, created_at: now - 60_000 })))
      .execute();
  }
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  // One notification per bot: a template-only notification runs its template, which is one bot's.
  for (const [b, bot] of bots.entries()) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/notification',
      headers,
      payload: {
        name: `Bench ${b + 1}`,
        start_at: new Date(minute).toISOString(),
        repeat_minutes: 1440,
        timezone: 'UTC',
        flow_template_id: bot.template,
        interacted_bots: [bot.id],
        no_end_date: true,
        no_repeat_limit: true,
        template_only: true,
      },
    });
    if (created.statusCode !== 200) throw new Error(created.body);
  }
  await app.close();
}

/** The most Telegram guests one bot token has (the seed's spread: guest i is bot ⌊i/3⌋ mod BOTS's). */
function telegramFloor(): number {
  const perBot = new Array<number>(BOTS).fill(0);
  for (let i = 0; i < GUESTS; i++) if (channelOf(i) === 'telegram') perBot[Math.floor(i / 3) % BOTS] += 1;
  return Math.max(...perBot);
}

/** BENCH_TIMELINE: each token's sends (and 429s) per 2 seconds, to see when a token idles. */
function printTimeline(telegram: FakeTelegram, startedAt: number) {
  const BUCKET = 2000;
  for (let b = 0; b < BOTS; b++) {
    const calls = telegram.calls.filter((call) => call.token === telegramTokenOf(b));
    const buckets = new Map<number, [number, number]>();
    for (const call of calls) {
      const at = Math.floor((call.at - startedAt) / BUCKET);
      const counts = buckets.get(at) ?? [0, 0];
      counts[call.status === 429 ? 1 : 0] += 1;
      buckets.set(at, counts);
    }
    const last = Math.max(0, ...buckets.keys());
    const line = Array.from({ length: last + 1 }, (_, i) => {
      const [sent, refused] = buckets.get(i) ?? [0, 0];
      return refused ? `${sent}!${refused}` : String(sent);
    });
    console.log(`bot ${b + 1} sends per ${BUCKET / 1000} s: ${line.join(' ')}`);
  }
}

interface Counts {
  delivered: number;
  duplicates: number;
}

interface Fakes {
  telegram: FakeTelegram;
  whatsapp: FakeWhatsApp;
}

/**
 * At the receiving end: the Telegram and WhatsApp fakes' messages per chat, and for web guests
 * their stored conversation (the web channel's delivery is the message in it).
 */
async function countReceived(db: ReturnType<typeof openDatabase>, fakes: Fakes): Promise<Counts> {
  const { rows } = await sql<{ guests: number; messages: number }>`
    select count(distinct t.guest_id) as guests, count(*) as messages from conversation_turns t
    join guest_sessions g on g.id = t.guest_id
    where g.channel is null and t.messages like ${`%${TIP}%`}`.execute(db);
  let delivered = Number(rows[0].guests);
  let duplicates = Number(rows[0].messages) - delivered;
  for (const sent of [fakes.telegram.sent, fakes.whatsapp.sent]) {
    for (const messages of sent.values()) {
      if (!messages.length) continue;
      delivered += 1;
      duplicates += messages.length - 1;
    }
  }
  return { delivered, duplicates };
}

async function run(label: string, base: BenchDatabase, instances: number) {
  const fakes = {
    telegram: await startFakeTelegram({
      tokens: Array.from({ length: BOTS }, (_, b) => telegramTokenOf(b)),
      sendsPerSecond: TELEGRAM_PER_SECOND,
    }),
    whatsapp: await startFakeWhatsApp({
      numbers: Object.fromEntries(Array.from({ length: BOTS }, (_, b) => [phoneIdOf(b), whatsappTokenOf(b)])),
    }),
  };
  const database = {
    ...base,
    telegramApiBase: fakes.telegram.baseUrl,
    whatsappApiBase: fakes.whatsapp.baseUrl,
  };
  await seed(database);
  const db = openDatabase(database);
  const servers = Array.from({ length: instances }, () => startInstance(database));
  await Promise.all(servers.map((s) => s.ready));
  const started = performance.now();
  const startedAt = Date.now();
  const load = os.loadavg()[0];
  const postgresAtStart = base.databaseUrl ? postgresCpuMicros() : null;
  for (const s of servers) s.child.stdin.write('tick\n');
  let counts: Counts = { delivered: 0, duplicates: 0 };
  let lastAt = started;
  while (performance.now() - started < LIMIT_MS) {
    const now = await countReceived(db, fakes);
    if (now.delivered !== counts.delivered) lastAt = performance.now();
    counts = now;
    if (counts.delivered >= GUESTS) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  // A little longer: any late duplicate would show up now.
  await new Promise((r) => setTimeout(r, 2000));
  counts = await countReceived(db, fakes);
  const postgresAtEnd = base.databaseUrl ? postgresCpuMicros() : null;
  await Promise.all(
    servers.map(
      (s) => new Promise<void>((resolve) => (s.child.once('exit', () => resolve()), s.child.kill('SIGTERM'))),
    ),
  );
  await db.destroy();
  const refused = fakes.telegram.calls.filter((call) => call.status === 429).length;
  if (process.env.BENCH_TIMELINE) printTimeline(fakes.telegram, startedAt);
  const telegramDone = Math.max(
    startedAt,
    ...fakes.telegram.calls.filter((call) => call.status === 200).map((call) => call.at),
  );
  await fakes.telegram.close();
  await fakes.whatsapp.close();
  const seconds = (lastAt - started) / 1000;
  const appCpu = (await Promise.all(servers.map((s) => s.cpu))).reduce((a, b) => a + b, 0);
  const perGuest = (micros: number | null) =>
    micros === null || !counts.delivered ? '-' : (micros / 1000 / counts.delivered).toFixed(2);
  return {
    setup: label,
    guests: GUESTS,
    delivered: counts.delivered,
    duplicates: counts.duplicates,
    missed: GUESTS - counts.delivered,
    'last delivery (s)': seconds.toFixed(1),
    'sends/s': Math.round(counts.delivered / seconds),
    'Telegram 429s': refused,
    // When Telegram's last send went, and the least its pace allows: the busiest token's guests / rate.
    'Telegram done (s)': ((telegramDone - startedAt) / 1000).toFixed(1),
    'Telegram floor (s)': (telegramFloor() / TELEGRAM_PER_SECOND).toFixed(1),
    // The servers' CPU per guest delivered; PostgreSQL's counts every client of the local server
    // (other work on a shared machine shows up in it).
    'app CPU ms/guest': perGuest(appCpu),
    'PG CPU ms/guest': perGuest(
      postgresAtStart === null || postgresAtEnd === null ? null : postgresAtEnd - postgresAtStart,
    ),
    'load (1 min)': load.toFixed(1),
  };
}

export async function runNotificationsBench(): Promise<void> {
  const rows = [];
  const url =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_notif_${crypto.randomBytes(4).toString('hex')}`;
  let postgres = true;
  try {
    await withPg(url, (c) => c.query(`create schema ${schema}`));
  } catch {
    postgres = false;
    console.log(`\nNotifications: PostgreSQL skipped, none at ${url}`);
  }
  if (postgres) {
    const database = { databaseUrl: url, databaseSchema: schema, dataDir: path.join(os.tmpdir(), schema) };
    try {
      const db = openDatabase(database);
      await migrateToLatest(db, schema);
      await db.destroy();
      rows.push(await run('PostgreSQL, 2 instances', database, 2));
    } finally {
      await withPg(url, (c) => c.query(`drop schema ${schema} cascade`));
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-notif-'));
  try {
    const database = { databaseUrl: '', dataDir };
    const db = openDatabase(database);
    await migrateToLatest(db);
    await db.destroy();
    rows.push(await run('SQLite, 1 instance', database, 1));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const header = Object.keys(rows[0] ?? {});
  printTable(
    `Notifications: ${GUESTS} guests of ${BOTS} bots due in one minute (a third each on web, Telegram, WhatsApp; Telegram paced at ${TELEGRAM_PER_SECOND}/s per token, the fake enforcing it)`,
    header,
    rows.map((row) => Object.values(row)),
  );
}
