// Chat channels against the fake Telegram Bot API (issue 16 "Speed"), on SQLite and PostgreSQL:
// - webhook acknowledgement at 200 updates/s (1,000 updates, each a new chat's /start): p50/p99;
// - inbound update → reply received by the fake API, for the same updates: p50/p95;
// - 100 chats each sending a burst of 10 messages within 50 ms: lost, duplicated, out of order.
import { connectTelegram } from '../server/channels/telegram/connect.js';
import { createBot, customer } from '../tests/fixtures/bot-api.js';
import { DEV_TOKEN, startFakeTelegram, type FakeTelegram } from '../tests/fixtures/fake-telegram.js';
import { link, listen, node, publish, text } from '../tests/api/chat-support.js';
import { createTestApp } from '../tests/api/helpers.js';
import { spread, printTable } from './stats.js';

const RATE = 200;
const UPDATES = 1000;
const BURST_CHATS = 100;
const BURST = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await sleep(20);
}

async function runOn(label: string, fake: FakeTelegram): Promise<(string | number)[][]> {
  const t = await createTestApp({ telegramApiBase: fake.baseUrl, logLevel: 'silent' });
  try {
    const base = await listen(t);
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
    const secret = fake.webhookOf(DEV_TOKEN)!.secret_token!;
    const url = `${base}/api/channels/telegram/${c.botId}`;
    const post = async (update: Record<string, unknown>) => {
      const started = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
        body: JSON.stringify(update),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
      return performance.now() - started;
    };

    // 1 and 2: 200 updates/s, each a new chat's /start.
    const acks: Promise<number>[] = [];
    const sentAt = new Map<string, number>();
    const first = 1_000_000 + Math.floor(Math.random() * 1000) * 10_000;
    const began = performance.now();
    for (let i = 0; i < UPDATES; i++) {
      const due = began + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const chatId = first + i;
      sentAt.set(String(chatId), Date.now());
      acks.push(post(fake.message(chatId, '/start')));
    }
    const ack = spread(await Promise.all(acks));
    const chats = [...sentAt.keys()];
    await waitUntil(() => chats.every((id) => fake.sent.get(id)?.length), 60_000);
    const replies = spread(
      chats.flatMap((id) => (fake.sent.get(id) ? [fake.sent.get(id)![0].at - sentAt.get(id)!] : [])),
    );

    // 3: bursts of 10 messages from 100 chats, all within 50 ms.
    const burstFirst = first + UPDATES + 10;
    const burstChats = Array.from({ length: BURST_CHATS }, (_, i) => burstFirst + i);
    await Promise.all(burstChats.map((id) => post(fake.message(id, '/start'))));
    await waitUntil(() => burstChats.every((id) => fake.sent.get(String(id))?.length === 1), 30_000);
    const burstStart = performance.now();
    const posts: Promise<number>[] = [];
    for (let k = 0; k < BURST; k++) {
      for (const id of burstChats) posts.push(post(fake.message(id, `m${k}`)));
      await sleep(50 / BURST);
    }
    await Promise.all(posts);
    const postedIn = performance.now() - burstStart;
    await waitUntil(
      () => burstChats.every((id) => (fake.sent.get(String(id))?.length ?? 0) >= BURST + 1),
      60_000,
    );
    await sleep(500);
    let lost = 0;
    let duplicated = 0;
    let outOfOrder = 0;
    for (const id of burstChats) {
      const got = (fake.sent.get(String(id)) ?? []).slice(1).map((m) => String(m.params.text));
      const expected = Array.from({ length: BURST }, (_, k) => `m${k}`);
      lost += expected.filter((m) => !got.includes(m)).length;
      duplicated += got.length - new Set(got).size;
      if (got.join() !== expected.join() && new Set(got).size === got.length) outOfOrder++;
    }
    const fmt = (n: number) => n.toFixed(1);
    return [
      [
        label,
        `webhook ack at ${RATE}/s (ms)`,
        fmt(ack.median),
        fmt(ack.p95),
        fmt(percentile99(await Promise.all(acks))),
        ack.count,
      ],
      [
        label,
        'update → reply at the fake API (ms)',
        fmt(replies.median),
        fmt(replies.p95),
        fmt(replies.max),
        replies.count,
      ],
      [
        label,
        `bursts: ${BURST_CHATS} chats × ${BURST} in ${Math.round(postedIn)} ms`,
        `lost ${lost}`,
        `duplicated ${duplicated}`,
        `out of order ${outOfOrder}`,
        BURST_CHATS * BURST,
      ],
    ];
  } finally {
    await t.close();
  }
}

function percentile99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)];
}

export async function runChannelsBench(): Promise<void> {
  const fake = await startFakeTelegram();
  const rows: (string | number)[][] = [];
  try {
    rows.push(...(await runOn('SQLite', fake)));
    const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (url) {
      process.env.API_DATABASE_URL = url;
      rows.push(...(await runOn('PostgreSQL', fake)));
      delete process.env.API_DATABASE_URL;
    }
  } finally {
    await fake.close();
  }
  printTable(
    'Chat channels against the fake Telegram API (p50 / p95 / p99-or-max; targets: ack p99 ≤ 50 ms, reply p95 ≤ 150 ms, 0 lost / duplicated / out of order)',
    ['database', 'measure', 'p50', 'p95', 'p99 / max', 'n'],
    rows,
  );
}
