import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { switchNotifications, guestSettings } from '../../server/notifications/guest-settings.js';
import { DELIVER, DELIVER_BATCH } from '../../server/notifications/engine.js';
import { createTestInstance, createTestDatabase } from './helpers.js';
import { chatServiceOf } from '../../server/conversations/registry.js';
import { NotificationEngine } from '../../server/notifications/engine.js';
import { JobRunner } from '../../server/jobs/index.js';
import { claimJobs } from '../../server/jobs/store.js';
import { link, node, publish, text, type ChatTest } from './chat-support.js';
import { firstDailyStart } from '../../src/core/notifications/index.js';
import {
  addNotification,
  deliveries,
  drain,
  engineTest,
  guests,
  MINUTE,
  nextMinute,
  said,
  SCHEDULER_ON,
} from './notifications-engine-support.js';

const TIP = 'Tip of the day, web';

describe('notification engine on the web channel', () => {
  let c: ChatTest & { templateId: number };
  let ids: string[];
  const T = nextMinute();
  let notificationId: number;

  beforeAll(async () => {
    c = await engineTest();
    ids = await guests(c, 3);
    await switchNotifications(c.t.app.db, ids[2], false);
    c.t.app.notifications.now = () => T;
    notificationId = await addNotification(c, T);
  });
  afterAll(() => c.t.close());

  it('sends nothing before the start', async () => {
    expect(await c.t.app.notifications.tick(T - MINUTE)).toMatchObject({ due: 0, queued: 0 });
  });

  it('delivers an occurrence once to each subscribed guest, with an unread badge', async () => {
    expect(await c.t.app.notifications.tick(T)).toMatchObject({ due: 1, queued: 1 });
    await drain(c.t);
    expect(await said(c.t, ids[0], TIP)).toBe(1);
    expect(await said(c.t, ids[1], TIP)).toBe(1);
    expect(await said(c.t, ids[2], TIP)).toBe(0);
    expect((await guestSettings(c.t.app.db, ids[0]))?.unread).toBe(1);
    const rows = await deliveries(c.t, notificationId);
    expect(rows.map((r) => [r.guest_id, r.status, r.channel]).sort()).toEqual(
      [ids[0], ids[1]].sort().map((id) => [id, 'delivered', 'web']),
    );
    // The same minute again: nothing more.
    expect(await c.t.app.notifications.tick(T + 30_000)).toMatchObject({ due: 0 });
  });

  it('tells the widget the unread count, clears it on open, and switches notifications', async () => {
    const url = `/api/chat/notifications/${ids[0]}`;
    const read = await c.t.app.inject({
      method: 'GET',
      url,
      headers: { origin: 'https://shop.example.com' },
    });
    expect(read.json()).toMatchObject({
      success: true,
      enabled: true,
      unread: 1,
      push_key: expect.any(String),
    });
    expect(read.headers['access-control-allow-origin']).toBe('https://shop.example.com');
    const seen = await c.t.app.inject({
      method: 'PUT',
      url,
      payload: { seen: true, timezone: 'Asia/Tokyo' },
    });
    expect(seen.json()).toMatchObject({ unread: 0, enabled: true });
    expect((await guestSettings(c.t.app.db, ids[0]))?.timezone).toBe('Asia/Tokyo');
    const bad = await c.t.app.inject({ method: 'PUT', url, payload: { timezone: 'Mars/Base' } });
    expect(bad.statusCode).toBe(400);
    const off = await c.t.app.inject({ method: 'PUT', url, payload: { enabled: false } });
    expect(off.json().enabled).toBe(false);
    await c.t.app.inject({ method: 'PUT', url, payload: { enabled: true } });
    const missing = await c.t.app.inject({ method: 'GET', url: '/api/chat/notifications/nobody' });
    expect(missing.statusCode).toBe(404);
  });

  it('never sends an occurrence twice, even when its delivery job runs again', async () => {
    const payload = {
      source: 'notification',
      id: notificationId,
      guestId: ids[0],
      occurrenceAt: T,
      root: 'tips',
    };
    // A second enqueue with the same key is a no-op; a forced second run finds the delivery row.
    const again = await c.t.app.jobs.enqueue({ kind: DELIVER, payload, dedupeKey: `${DELIVER}:x:${ids[0]}` });
    expect(again.created).toBe(true);
    await drain(c.t);
    expect(await said(c.t, ids[0], TIP)).toBe(1);
  });

  it('runs the next occurrence an hour later, and the card shows the log', async () => {
    await c.t.app.notifications.tick(T + 60 * MINUTE);
    await drain(c.t);
    expect(await said(c.t, ids[0], TIP)).toBe(2);
    const list = await c.t.app.inject({ method: 'GET', url: '/api/notification', headers: c.owner.headers });
    const log = list.json().notifications[0].log;
    expect(log).toMatchObject({
      delivered: 4,
      failed: 0,
      last_occurrence: new Date(T + 60 * MINUTE).toISOString(),
      next_occurrence: new Date(T + 120 * MINUTE).toISOString(),
    });
  });

  it(
    'after a downtime sends the occurrences of the last hour once and skips older ones (logged)',
    { timeout: 30_000 },
    async () => {
      const now = T + 300 * MINUTE; // due since T+2h: T+2h and T+3h are older than an hour
      expect(await c.t.app.notifications.tick(now)).toMatchObject({ queued: 2, missed: 2 });
      await drain(c.t);
      expect(await said(c.t, ids[0], TIP)).toBe(4);
      const list = await c.t.app.inject({
        method: 'GET',
        url: '/api/notification',
        headers: c.owner.headers,
      });
      expect(list.json().notifications[0].log.skipped_occurrences).toBe(2);
    },
  );

  it('stops for a guest who switched notifications off', async () => {
    await switchNotifications(c.t.app.db, ids[1], false);
    await c.t.app.notifications.tick(T + 360 * MINUTE);
    await drain(c.t);
    expect(await said(c.t, ids[0], TIP)).toBe(5);
    expect(await said(c.t, ids[1], TIP)).toBe(4);
  });

  it('a delivery claimed by a runner that died is run by another, once', async () => {
    const at = T + 420 * MINUTE;
    await c.t.app.jobs.stop();
    await c.t.app.notifications.tick(at);
    // The fan-out, then the batch delivery claimed by a "dead" runner whose lease runs out at once.
    const engineRunner = new JobRunner(c.t.app.db);
    const engine = new NotificationEngine(c.t.app.db, engineRunner, chatServiceOf(c.t.app));
    engine.register();
    await engineRunner.runDue();
    await engineRunner.idle();
    const dead = await claimJobs(c.t.app.db, {
      runner: 'dead',
      kinds: [DELIVER_BATCH],
      limit: 1,
      now: Date.now(),
      leaseUntil: Date.now() - 1,
    });
    expect(dead).toHaveLength(1);
    await drain({ ...c.t, app: Object.assign(Object.create(c.t.app), { jobs: engineRunner }) });
    expect(await said(c.t, ids[0], TIP)).toBe(6);
    c.t.app.jobs.start();
  });
});

describe('two server instances on one database', { timeout: 60_000 }, () => {
  it('deliver each occurrence once', async () => {
    const c = await engineTest();
    const ids = await guests(c, 6);
    const T = nextMinute();
    c.t.app.notifications.now = () => T;
    await addNotification(c, T);
    const database = {
      dataDir: c.t.config.dataDir,
      databaseUrl: c.t.config.databaseUrl,
      databaseSchema: c.t.config.databaseSchema,
      remove: async () => {},
    };
    const second = await createTestInstance(database, { notificationTicks: false });
    await second.app.ready();
    second.app.notifications.now = () => T;
    await Promise.all([c.t.app.notifications.tick(T), second.app.notifications.tick(T)]);
    await Promise.all([drain(c.t), drain(second)]);
    for (const id of ids) expect(await said(c.t, id, TIP)).toBe(1);
    await second.close();
    await c.t.close();
    void createTestDatabase;
  });
});

describe(
  'notification node subscriptions and the bot scheduler on the same engine',
  { timeout: 60_000 },
  () => {
    it('pushes the node template at its start time in the guest’s zone, then every frequency hours', async () => {
      const c = await engineTest();
      const subscribe = node('notification', 'sub', {
        pushMessageType: 'WEATHER',
        template: { en: 'Weather for ${{ENVIRONMENT}} guests' },
        startAt: '18:00',
        frequency: 24,
      });
      await publish(
        c,
        [link(subscribe, 'hello'), node('basic', 'hello', { entries: [text('Subscribed')] })],
        1,
      );
      const [id] = await guests(c, 1);
      await c.t.app.inject({
        method: 'PUT',
        url: `/api/chat/notifications/${id}`,
        payload: { timezone: 'Asia/Tokyo' },
      });
      const sub = await c.t.app.db
        .selectFrom('notification_subscriptions')
        .selectAll()
        .executeTakeFirstOrThrow();
      // Placed on the next tick: the first 18:00 in Tokyo after it subscribed.
      const now = Date.now();
      await c.t.app.notifications.tick(now);
      const placed = await c.t.app.db
        .selectFrom('notification_subscriptions')
        .selectAll()
        .executeTakeFirstOrThrow();
      const first = firstDailyStart('18:00', Number(sub.updated_at), 'Asia/Tokyo')!;
      expect(Number(placed.next_run_at)).toBe(first);
      expect(new Date(first).toISOString()).toMatch(/T09:00:00\.000Z$/);
      c.t.app.notifications.now = () => first;
      await c.t.app.notifications.tick(first);
      await drain(c.t);
      expect(await said(c.t, id, 'Weather for web guests')).toBe(1);
      await c.t.app.notifications.tick(first + 24 * 60 * MINUTE);
      await drain(c.t);
      expect(await said(c.t, id, 'Weather for web guests')).toBe(2);
      await c.t.close();
    });

    it('runs the bot’s notification_scheduler flow for the bot’s guests', async () => {
      const c = await engineTest({}, { notification_scheduler: SCHEDULER_ON });
      const [id] = await guests(c, 1);
      const bot = await c.t.app.db
        .selectFrom('bots')
        .selectAll()
        .where('id', '=', c.botId)
        .executeTakeFirstOrThrow();
      // The test bot's scheduler is on at 09:30 every 12 hours (UTC), its flow_id names no flow: main.
      const next = Number(bot.scheduler_next_run_at);
      expect(new Date(next).toISOString()).toMatch(/T09:30:00\.000Z$|T21:30:00\.000Z$/);
      c.t.app.notifications.now = () => next;
      await c.t.app.notifications.tick(next);
      await drain(c.t);
      expect(await said(c.t, id, 'Hello there')).toBe(2);
      await c.t.close();
    });
  },
);
