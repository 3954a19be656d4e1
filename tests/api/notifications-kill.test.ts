// Issue 18 item 5: kill the server mid-delivery (SIGKILL, no goodbye) and start it again — nothing
// is sent twice and nothing is missed. The killed server is a real process of its own
// (tests/fixtures/notifications-child.ts) on this test's database; the restarted one takes over
// the jobs it held once their lease runs out. Counted in the guests' conversations (web: the
// delivery is the message in it).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSession } from '../../server/runtime/session.js';
import { createTestInstance, type TestApp } from './helpers.js';
import { addNotification, drain, engineTest, nextMinute, said } from './notifications-engine-support.js';
import type { ChatTest } from './chat-support.js';

const GUESTS = 120;
const TIP = 'Tip of the day, web';

let c: ChatTest & { templateId: number };
const ids: string[] = [];
const T = nextMinute();

/** Web guests who said hi a minute ago, written as the chat stores them. */
async function webGuests(n: number) {
  const now = Date.now();
  const rows = Array.from({ length: n }, () => ({
    id: crypto.randomUUID(),
    bot_id: c.botId,
    state: JSON.stringify({ ...newSession('main', 'en', { ENVIRONMENT: 'web' }), messageCount: 1 }),
    version: 1,
    created_at: now,
    updated_at: now,
    last_seen_at: now,
  }));
  await c.t.app.db.insertInto('guest_sessions').values(rows).execute();
  const hi = JSON.stringify([
    { sender: 'user', payload: { type: 'text', content: 'hi' }, languageCode: 'en' },
  ]);
  await c.t.app.db
    .insertInto('conversation_turns')
    .values(rows.map((r) => ({ guest_id: r.id, seq: 0, messages: hi, created_at: now - 60_000 })))
    .execute();
  ids.push(...rows.map((r) => r.id));
}

const delivered = async () =>
  Number(
    (
      await c.t.app.db
        .selectFrom('notification_deliveries')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  c = await engineTest();
  // This instance only sets up: it delivers nothing, the child server and its restart do.
  await c.t.app.jobs.stop();
  await webGuests(GUESTS);
  await addNotification(c, T);
}, 60_000);
afterAll(() => c.t.close());

describe('a server killed mid-delivery, then started again', () => {
  it('sends every guest the occurrence once', async () => {
    const database = {
      dataDir: c.t.config.dataDir,
      databaseUrl: c.t.config.databaseUrl,
      databaseSchema: c.t.config.databaseSchema,
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/notifications-child.ts'], {
      env: { ...process.env, NOTIFY_DB: JSON.stringify(database), NOTIFY_AT: String(T) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ticked') && resolve());
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before its tick`)));
    });
    // Some guests have had it, not all: kill it there.
    await expect.poll(delivered, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(10);
    child.kill('SIGKILL');
    await exited;
    const atKill = await delivered();
    expect(atKill).toBeLessThan(GUESTS);

    const restarted: TestApp = await createTestInstance(
      { ...database, remove: async () => {} },
      { notificationTicks: false },
    );
    await restarted.app.ready();
    restarted.app.notifications.now = () => T;
    // The tick runs again at start-up, as after any restart: it must not queue the occurrence twice.
    await restarted.app.notifications.tick(T);
    await drain(restarted, 90_000);
    await restarted.close();

    const counts = await Promise.all(ids.map((id) => said(c.t, id, TIP)));
    expect(counts.filter((n) => n === 0)).toHaveLength(0);
    expect(counts.filter((n) => n > 1)).toHaveLength(0);
    expect(await delivered()).toBe(GUESTS);
  }, 180_000);
});
