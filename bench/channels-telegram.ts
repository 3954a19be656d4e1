// "Telegram" for bench/channels.ts, in a process of its own: the fake Bot API the server sends to,
// and the load generator posting updates to the server's webhook — as Telegram does, over a few
// kept-alive connections (max_connections 40, Telegram's default), a chat's updates one after the
// other (the next after the previous one's answer). The server's process runs only the server, so
// the load generator's work does not show up as the server's latency.
//
// Driven over IPC: { type: 'run', ... } runs both measures and answers { type: 'result', ... }.
import http from 'node:http';
import { DEV_TOKEN, startFakeTelegram } from '../tests/fixtures/fake-telegram.js';

export interface LoadRun {
  type: 'run';
  /** The server's webhook for the bot. */
  url: string;
  rate: number;
  updates: number;
  burstChats: number;
  burst: number;
  /** Chat ids of this run start here (runs on one fake never share a chat). */
  firstChat: number;
}

export interface LoadResult {
  type: 'result';
  /** Webhook answer times at `rate` updates/s (ms). */
  acks: number[];
  /** Update posted → its reply received by the fake (ms), for the chats that got one. */
  replies: number[];
  unanswered: number;
  /** Per chat: the burst's first post → its last answer (ms). */
  burstTimes: number[];
  /** Burst message posted → its echo received by the fake (ms). */
  burstReplies: number[];
  lost: number;
  duplicated: number;
  outOfOrder: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 40 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function post(url: URL, secret: string, update: unknown): Promise<number> {
  const body = JSON.stringify(update);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-telegram-bot-api-secret-token': secret,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`webhook answered ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const fake = await startFakeTelegram({ port: Number(process.env.FAKE_TELEGRAM_PORT ?? 0) });

async function waitUntil(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await sleep(20);
}

async function run(job: LoadRun): Promise<LoadResult> {
  const url = new URL(job.url);
  const secret = fake.webhookOf(DEV_TOKEN)?.secret_token;
  if (!secret) throw new Error('The server registered no webhook');
  const textsOf = (chat: number) => (fake.sent.get(String(chat)) ?? []).map((m) => String(m.params.text));

  // 1 and 2: `rate` updates/s, each a new chat's /start.
  const sentAt = new Map<number, number>();
  const acks: Promise<number>[] = [];
  const began = performance.now();
  for (let i = 0; i < job.updates; i++) {
    const wait = began + (i * 1000) / job.rate - performance.now();
    if (wait > 0) await sleep(wait);
    const chat = job.firstChat + i;
    sentAt.set(chat, Date.now());
    acks.push(post(url, secret, fake.message(chat, '/start')));
  }
  const ackTimes = await Promise.all(acks);
  const chats = [...sentAt.keys()];
  await waitUntil(() => chats.every((c) => fake.sent.get(String(c))?.length), 60_000);
  const replies = chats.flatMap((c) => {
    const first = fake.sent.get(String(c))?.[0];
    return first ? [first.at - sentAt.get(c)!] : [];
  });

  // 3: bursts of `burst` messages from `burstChats` chats at once, each chat's in order.
  const burstChats = Array.from({ length: job.burstChats }, (_, i) => job.firstChat + job.updates + i);
  await Promise.all(burstChats.map((c) => post(url, secret, fake.message(c, '/start'))));
  await waitUntil(() => burstChats.every((c) => fake.sent.get(String(c))?.length === 1), 60_000);
  const postedAt = new Map<string, number>();
  const burstTimes = await Promise.all(
    burstChats.map(async (c) => {
      const started = performance.now();
      for (let k = 0; k < job.burst; k++) {
        postedAt.set(`${c}:m${k}`, Date.now());
        await post(url, secret, fake.message(c, `m${k}`));
      }
      return performance.now() - started;
    }),
  );
  await waitUntil(() => burstChats.every((c) => textsOf(c).length >= job.burst + 1), 60_000);
  await sleep(500); // a duplicate would come after the last expected reply
  let lost = 0;
  let duplicated = 0;
  let outOfOrder = 0;
  const burstReplies: number[] = [];
  const expected = Array.from({ length: job.burst }, (_, k) => `m${k}`);
  for (const c of burstChats) {
    const got = (fake.sent.get(String(c)) ?? []).slice(1);
    const texts = got.map((m) => String(m.params.text));
    lost += expected.filter((m) => !texts.includes(m)).length;
    duplicated += texts.length - new Set(texts).size;
    const order = texts.filter((t, i) => texts.indexOf(t) === i).map((t) => expected.indexOf(t));
    if (order.some((k, i) => i > 0 && k < order[i - 1])) outOfOrder++;
    for (const m of got) {
      const at = postedAt.get(`${c}:${String(m.params.text)}`);
      if (at !== undefined) burstReplies.push(m.at - at);
    }
  }
  return {
    type: 'result',
    acks: ackTimes,
    replies,
    unanswered: chats.length - replies.length,
    burstTimes,
    burstReplies,
    lost,
    duplicated,
    outOfOrder,
  };
}

process.on('message', (message: LoadRun | { type: 'stop' }) => {
  if (message.type === 'stop') {
    agent.destroy();
    void fake.close().then(() => process.exit(0));
    return;
  }
  run(message).then(
    (result) => process.send!(result),
    (error: unknown) => process.send!({ type: 'error', message: String(error) }),
  );
});
process.send!({ type: 'ready', baseUrl: fake.baseUrl });
