// Analytics through the real chat calls (issue 19 "Tests that must exist"): scripted guests give
// exact figures per node and outcome, per flow version (a guest spanning a republish counts in
// both), rollups equal the raw counts, the retention purge keeps the figures, passwords never
// reach the CSV, the live stream announces a turn, and another customer's bot is not found.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUp, purgeEvents } from '../../server/analytics/rollups.js';
import { bucketColumn, LATENCY_BUCKETS } from '../../src/core/analytics/index.js';
import { customer } from '../fixtures/bot-api.js';
import {
  chatTest,
  guest,
  link,
  node,
  publish,
  request,
  startApi,
  text,
  type ChatTest,
  type Loose,
} from './chat-support.js';

let c: ChatTest;
let api: Awaited<ReturnType<typeof startApi>>;
let version1 = 0;
let version2 = 0;

function flow(menuLabel: string) {
  const greet = link(
    node('basic', 'greet', {
      entries: [
        text('Your name?'),
        { type: 'variable', name: 'name', default: '', variableType: 'text', wait: true },
      ],
    }),
    'menu',
  );
  const menu = node('choice', 'menu', { message: { en: menuLabel } });
  menu.next = [
    { id: 1, node: 'secret', option: { en: { name: 'Secret' } } },
    { id: 2, node: 'order', option: { en: { name: 'Order' } } },
    { id: 0, node: null },
  ];
  const secret = node('basic', 'secret', {
    entries: [
      { type: 'variable', name: 'pin', default: '', variableType: 'password', wait: true },
      text('PIN saved'),
    ],
  });
  const order = link(
    node('api', 'order', {
      store: { name: 'order', statusCodeVariable: '', successTarget: null, failureTarget: null },
    }),
    'order-ok',
  );
  order.api = { ...order.api, url: `${api.url}/orders`, retries: 0, retryDelay: 0 };
  const orderOk = node('basic', 'order-ok', { entries: [text('Order ${{order.id}} found')] });
  return [greet, menu, secret, order, orderOk];
}

const get = (path: string, headers = c.owner.headers) =>
  request(c.base, `/api/bots/${c.botId}${path}`, { headers }) as Promise<{ status: number; body: Loose }>;

const later = () => Date.now() + 3_600_000;
async function metrics(query: string) {
  const res = await get(`/metrics?to=${later()}&${query}`);
  if (res.status !== 200) throw new Error(`metrics failed (${res.status}): ${JSON.stringify(res.body)}`);
  return res.body;
}
const byNode = (body: Loose) =>
  Object.fromEntries(
    (body.nodes as Loose[])
      .map((n) => [n.node, [n.visits, n.guests, n.left]])
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
const byLink = (body: Loose) =>
  Object.fromEntries((body.links as Loose[]).map((l) => [`${l.from}>${l.to}`, l.traffic]));

let eve: ReturnType<typeof guest>;

beforeAll(async () => {
  api = await startApi(() => ({ status: 200, body: { id: 42 } }));
  c = await chatTest();
  version1 = await publish(c, flow('Pick one'));
  // Ivy: letters no guest id (hex) holds, so searching her name finds her alone.
  const ivy = guest(c);
  for (const said of ['Hello', 'Ivy', 'Secret', 's3cret-pin']) await ivy.say(said);
  const bob = guest(c);
  for (const said of ['Hello', 'Bob', 'xyz']) await bob.say(said);
  await guest(c).say('Hello');
  const dee = guest(c);
  for (const said of ['Hello', 'Dee', 'Order']) await dee.say(said);
  eve = guest(c);
  await eve.say('Hello');
  version2 = await publish(c, flow('Pick again'), version1);
  await eve.say('Eve');
});

afterAll(async () => {
  await c.t.close();
  await api.close();
});

describe('figures of scripted conversations', () => {
  it('counts visits, guests and leavers per node of version 1, and link traffic', async () => {
    const body = await metrics(`version=${version1}`);
    expect(body.version).toBe(version1);
    // [visits, guests, left]; Eve moved on to version 2, so she left nowhere in version 1.
    expect(byNode(body)).toEqual({
      greet: [5, 5, 1],
      menu: [3, 3, 1],
      order: [1, 1, 0],
      'order-ok': [1, 1, 0],
      secret: [1, 1, 0],
    });
    expect(byLink(body)).toEqual({ 'greet>menu': 3, 'menu>secret': 1, 'menu>order': 1, 'order>order-ok': 1 });
  });

  it('counts the guest who crossed the republish in version 2 only for what she did there', async () => {
    const body = await metrics(`version=${version2}`);
    expect(byNode(body)).toEqual({ menu: [1, 1, 1] });
    // She answered greet (a node of both versions) under version 2: that link is version 2's.
    expect(byLink(body)).toEqual({ 'greet>menu': 1 });
  });

  it('gives exact outcome totals, rates and latencies', async () => {
    const body = await metrics('');
    expect(body.version).toBe(version2);
    expect(body.versions).toEqual([version1, version2]);
    // Ivy 4, Bob 3, Cy 1, Dee 3, Eve 2 messages; Bob's "xyz" matched no choice.
    expect(body.totals).toMatchObject({ conversations: 5, completed: 2, fallbacks: 1, messagesIn: 13 });
    expect(body.totals.completionRate).toBeCloseTo(0.4);
    expect(body.totals.fallbackRate).toBeCloseTo(1 / 13);
    expect(body.latency.api.count).toBe(1);
    expect(body.latency.ai.count).toBe(0);
    expect(body.byChannel).toEqual([{ key: 'web', conversations: 5, completed: 2 }]);
    expect(body.series.reduce((n: number, p: Loose) => n + p.conversations, 0)).toBe(5);
  });

  it('lists the conversations newest first, by keyset pages, with filters', async () => {
    const first = await get('/conversations?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.conversations).toHaveLength(2);
    expect(first.body.conversations[0].guestId).toBe(eve.id);
    const seen: string[] = first.body.conversations.map((r: Loose) => r.guestId);
    let next = first.body.next as string | null;
    while (next) {
      const page = await get(`/conversations?limit=2&cursor=${encodeURIComponent(next)}`);
      seen.push(...page.body.conversations.map((r: Loose) => r.guestId));
      next = page.body.next;
    }
    expect(new Set(seen).size).toBe(5);
    const completed = await get('/conversations?outcome=completed');
    expect(completed.body.conversations).toHaveLength(2);
    const leftAtMenu = await get(`/conversations?node=menu&version=${version1}`);
    expect(leftAtMenu.body.conversations).toHaveLength(1);
    const search = await get('/conversations?search=IVY');
    expect(search.body.conversations).toHaveLength(1);
    expect(search.body.conversations[0].answers).toEqual({ name: 'Ivy', pin: '********' });
    expect((await get('/conversations?limit=0')).status).toBe(400);
    expect((await get('/conversations?cursor=nope')).status).toBe(400);
  });

  it('shows a transcript with the password masked', async () => {
    const list = await get('/conversations?search=ivy');
    const id = list.body.conversations[0].guestId;
    const transcript = await get(`/conversations/${id}`);
    expect(transcript.status).toBe(200);
    const said = transcript.body.messages
      .filter((m: Loose) => m.from === 'user')
      .map((m: Loose) => m.content);
    expect(said).toEqual(['Hello', 'Ivy', 'Secret', '**********']);
  });

  it('exports the CSV without any password, transcripts included', async () => {
    const res = await fetch(`${c.base}/api/bots/${c.botId}/conversations.csv?transcript=1`, {
      headers: c.owner.headers,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const csv = await res.text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'guest_id,started_at_utc,last_at_utc,channel,language,flow_version,last_node,outcome,fallbacks,messages_in,messages_out,ai_calls,api_calls,answers,transcript',
    );
    expect(csv).not.toContain('s3cret-pin');
    expect(csv).toContain('********');
    expect(csv).toContain('Ivy');
  });
});

describe('rollups and retention', () => {
  /** Everything the dashboard shows, chart points without their times (the hours move below). */
  const shown = (body: Loose) => ({
    nodes: byNode(body),
    links: byLink(body),
    totals: body.totals,
    series: (body.series as Loose[]).map(({ at: _at, ...point }) => point),
    latency: body.latency,
    byChannel: body.byChannel,
    byLanguage: body.byLanguage,
    versions: body.versions,
  });

  /**
   * Moves the recorded traffic three days and two hours back, as if it had happened then: the
   * roll takes ended hours, and a 7-day range reads that day from the daily rollups.
   */
  async function daysAgo() {
    const db = c.t.app.db;
    const back = (3 * 24 + 2) * 3_600_000;
    // Every turn's event added up first (the hours are moved, not the events again).
    await c.t.app.analyticsFold.run();
    await db
      .updateTable('analytics_turns')
      .set((eb) => ({ at: eb('at', '-', back) }))
      .execute();
    for (const table of ['analytics_node_hours', 'analytics_call_hours'] as const)
      await db
        .updateTable(table)
        .set((eb) => ({ hour: eb('hour', '-', back) }))
        .execute();
    await db
      .updateTable('analytics_sessions')
      .set((eb) => ({ started_at: eb('started_at', '-', back), last_at: eb('last_at', '-', back) }))
      .execute();
  }

  it('rolls hours and days up to exactly the raw figures, stays exact as guests go on, and keeps them after the purge', async () => {
    await daysAgo();
    const before = [shown(await metrics(`version=${version1}`)), shown(await metrics(''))];
    expect(before[1].latency.api.count).toBe(1);
    expect(await rollUp(c.t.app.db)).toBeGreaterThan(0);
    const rolledHours = await c.t.app.db
      .selectFrom('analytics_session_hours')
      .select((eb) => eb.fn.sum<number>('conversations').as('n'))
      .executeTakeFirst();
    expect(Number(rolledHours?.n)).toBe(5);
    // Each day row is its hours' sum.
    const allBuckets = Array.from({ length: LATENCY_BUCKETS }, (_, b) => bucketColumn(b)).join(' + ');
    for (const [hours, days, count] of [
      ['analytics_node_hours', 'analytics_node_days', 'visits'],
      ['analytics_left_hours', 'analytics_left_days', 'guests_left'],
      ['analytics_call_hours', 'analytics_call_days', allBuckets],
    ] as const) {
      const sum = async (table: string) =>
        Number(
          (
            await sql<{ n: number }>`select sum(${sql.raw(count)}) as n from ${sql.table(table)}`.execute(
              c.t.app.db,
            )
          ).rows[0].n,
        );
      expect(await sum(days), days).toBe(await sum(hours));
    }
    expect([shown(await metrics(`version=${version1}`)), shown(await metrics(''))]).toEqual(before);

    // Eve goes on after the roll: her rolled outcome row is taken back out and counted as it is now.
    await eve.say('Secret');
    const now = await metrics('');
    expect(byNode(now)).toEqual({ menu: [1, 1, 0], secret: [1, 1, 1] });
    expect(byLink(now)).toEqual({ 'greet>menu': 1, 'menu>secret': 1 });
    expect(now.totals).toMatchObject({ conversations: 5, completed: 2, fallbacks: 1, messagesIn: 14 });
    const v1 = await metrics(`version=${version1}`);
    expect([byNode(v1), byLink(v1)]).toEqual([before[0].nodes, before[0].links]);
    // Eve's change rolled into the hours (and the day) her conversation started in, days ago.
    await rollUp(c.t.app.db, Date.now() + 2 * 3_600_000);
    expect(shown(await metrics(''))).toEqual(shown(now));
    expect(shown(await metrics(`version=${version1}`))).toEqual(shown(v1));

    const removed = await purgeEvents(c.t.app.db, 90, Date.now() + 100 * 24 * 3_600_000);
    expect(removed).toBeGreaterThan(0);
    const raw = await c.t.app.db
      .selectFrom('analytics_turns')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('at', '<', Date.now() - 3_600_000)
      .executeTakeFirst();
    expect(Number(raw?.n)).toBe(0);
    expect(shown(await metrics(`version=${version1}`))).toEqual(shown(v1));
    expect(shown(await metrics(''))).toEqual(shown(now));
    // Within the retention period nothing goes.
    expect(await purgeEvents(c.t.app.db, 90)).toBe(0);
  });
});

describe('range', () => {
  it('counts whole hours: a range starting or ending mid-hour covers those hours and says so', async () => {
    const hour = 3_600_000;
    const to = later();
    const from = to - 7 * 24 * hour;
    const whole = await metrics(`from=${from - (from % hour)}`);
    const mid = await metrics(`from=${from - (from % hour) + 1234}`);
    expect(mid.from).toBe(from - (from % hour));
    expect(mid.to % hour).toBe(0);
    expect(mid.to).toBeGreaterThanOrEqual(to);
    expect(mid.totals).toEqual(whole.totals);
    expect(mid.nodes).toEqual(whole.nodes);
  });
});

describe('live', () => {
  it('announces a guest’s turn on the stream', async () => {
    const controller = new AbortController();
    const res = await fetch(`${c.base}/api/bots/${c.botId}/metrics/stream`, {
      headers: c.owner.headers,
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    await reader.read(); // the retry line
    await new Promise((r) => setTimeout(r, 50));
    await guest(c).say('Hello');
    const deadline = Date.now() + 5000;
    while (!seen.includes('event: change') && Date.now() < deadline) {
      const chunk = await reader.read();
      if (chunk.done) break;
      seen += decoder.decode(chunk.value);
    }
    controller.abort();
    expect(seen).toContain('event: change');
  });
});

describe('scope', () => {
  it('answers 404 for another customer’s bot on every analytics route', async () => {
    const stranger = await customer(c.t);
    for (const path of [
      '/metrics',
      '/metrics/stream',
      '/conversations',
      '/conversations.csv',
      `/conversations/${eve.id}`,
    ]) {
      const res = await fetch(`${c.base}/api/bots/${c.botId}${path}`, { headers: stranger.headers });
      expect(res.status, path).toBe(404);
    }
    expect((await get('/metrics?bucket=week')).status).toBe(400);
  });
});
