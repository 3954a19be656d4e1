// Chat channels against the fake Telegram Bot API (issue 16 "Speed"), on SQLite and PostgreSQL:
// - webhook acknowledgement at 200 updates/s (1,000 updates, each a new chat's /start): p50/p95/p99;
// - inbound update → reply received by the fake API, for the same updates: p50/p95;
// - 100 chats each sending a burst of 10 messages (each after the previous one's answer):
//   lost, duplicated, out of order, and how long the bursts and their replies took.
// "Telegram" (the fake API and the load generator) runs in a child process (channels-telegram.ts),
// this process only the server. BENCH_RUNS runs per database (3 by default): each run's figures,
// then the median of the runs and their spread (min–max), with the load average around them.
import fs from 'node:fs';
import { load, startBenchServer, startTelegram, type Telegram } from './channels-server.js';
import { percentile, printTable } from './stats.js';

const RATE = 200;
const UPDATES = 1000;
const BURST_CHATS = 100;
const BURST = 10;
/** Ports of this bench (the server's, the fake's): fixed so several benches on one host do not collide. */
const SERVER_PORT = Number(process.env.BENCH_CHANNELS_PORT ?? 8340);
const FAKE_PORT = SERVER_PORT + 1;

const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

interface Figures {
  ackP50: number;
  ackP95: number;
  ackP99: number;
  replyP50: number;
  replyP95: number;
  unanswered: number;
  burstMs: number;
  burstReplyP95: number;
  lost: number;
  duplicated: number;
  outOfOrder: number;
  load: string;
}

async function runOnce(telegram: Telegram, run: number): Promise<Figures> {
  const { t, url } = await startBenchServer(telegram, SERVER_PORT);
  try {
    const before = loadAverage();
    const r = await load(telegram.child, {
      type: 'run',
      url,
      rate: RATE,
      updates: UPDATES,
      burstChats: BURST_CHATS,
      burst: BURST,
      firstChat: 1_000_000 + run * 10_000,
    });
    const p = (samples: number[], q: number) =>
      percentile(
        [...samples].sort((a, b) => a - b),
        q,
      );
    return {
      ackP50: p(r.acks, 50),
      ackP95: p(r.acks, 95),
      ackP99: p(r.acks, 99),
      replyP50: p(r.replies, 50),
      replyP95: p(r.replies, 95),
      unanswered: r.unanswered,
      burstMs: p(r.burstTimes, 50),
      burstReplyP95: p(r.burstReplies, 95),
      lost: r.lost,
      duplicated: r.duplicated,
      outOfOrder: r.outOfOrder,
      load: `${before} → ${loadAverage()}`,
    };
  } finally {
    await t.close();
  }
}

const ms = (n: number) => n.toFixed(1);

function rowOf(label: string, f: Figures): (string | number)[] {
  return [
    label,
    ms(f.ackP50),
    ms(f.ackP95),
    ms(f.ackP99),
    ms(f.replyP50),
    ms(f.replyP95),
    ms(f.burstMs),
    ms(f.burstReplyP95),
    `${f.lost} / ${f.duplicated} / ${f.outOfOrder}`,
    f.unanswered,
    f.load,
  ];
}

/** The median of the runs, each figure with its spread (min–max) across them. */
function summaryOf(label: string, runs: Figures[]): (string | number)[] {
  const cell = (pick: (f: Figures) => number) => {
    const values = runs.map(pick).sort((a, b) => a - b);
    return `${ms(percentile(values, 50))} (${ms(values[0])}–${ms(values.at(-1)!)})`;
  };
  const sum = (pick: (f: Figures) => number) => runs.reduce((n, f) => n + pick(f), 0);
  return [
    `${label} median (min–max)`,
    cell((f) => f.ackP50),
    cell((f) => f.ackP95),
    cell((f) => f.ackP99),
    cell((f) => f.replyP50),
    cell((f) => f.replyP95),
    cell((f) => f.burstMs),
    cell((f) => f.burstReplyP95),
    `${sum((f) => f.lost)} / ${sum((f) => f.duplicated)} / ${sum((f) => f.outOfOrder)}`,
    sum((f) => f.unanswered),
    '',
  ];
}

export async function runChannelsBench(): Promise<void> {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const only = process.env.BENCH_CHANNELS_DB; // 'sqlite' or 'postgres': one database only
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const databases = [
    ...(only !== 'postgres' ? [{ label: 'SQLite', url: '' }] : []),
    ...(url && only !== 'sqlite' ? [{ label: 'PostgreSQL', url }] : []),
  ];
  const telegram = await startTelegram(FAKE_PORT);
  const rows: (string | number)[][] = [];
  let run = 0;
  try {
    // Runs alternate between the databases, so a burst of load on the host hits both alike.
    const figures = new Map<string, Figures[]>(databases.map((d) => [d.label, []]));
    for (let i = 0; i < runs; i++) {
      for (const database of databases) {
        if (database.url) process.env.API_DATABASE_URL = database.url;
        else delete process.env.API_DATABASE_URL;
        const f = await runOnce(telegram, run++);
        figures.get(database.label)!.push(f);
        rows.push(rowOf(`${database.label} run ${i + 1}`, f));
        console.error(`channels bench: ${database.label} run ${i + 1} done (load ${f.load})`);
      }
    }
    delete process.env.API_DATABASE_URL;
    for (const database of databases) rows.push(summaryOf(database.label, figures.get(database.label)!));
  } finally {
    telegram.child.send({ type: 'stop' });
  }
  printTable(
    `Chat channels against the fake Telegram API in another process (ms; ${UPDATES} /start at ${RATE}/s, then ${BURST_CHATS} chats × ${BURST} in order; targets: ack p99 ≤ 50, reply p95 ≤ 150, 0 lost / duplicated / out of order)`,
    [
      'run',
      'ack p50',
      'ack p95',
      'ack p99',
      'reply p50',
      'reply p95',
      'burst of 10 took (p50)',
      'burst reply p95',
      'lost / dup / order',
      'unanswered',
      'load avg before → after',
    ],
    rows,
  );
}
