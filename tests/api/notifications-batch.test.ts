// Issue 18 item 5 with batch deliveries (server/notifications/batch.ts): an occurrence reaches a
// batch of guests in one job, and exactly once still holds guest by guest — a batch run again
// sends nothing more, and a guest whose conversation moved on while the batch ran is left out of
// the batch's write and delivered once by a job of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVER_BATCH } from '../../server/notifications/engine.js';
import { readRecipients, storeWebDeliveries } from '../../server/notifications/batch-store.js';
import { chatServiceOf } from '../../server/conversations/registry.js';
import type { ChatTest } from './chat-support.js';
import {
  addNotification,
  deliveries,
  drain,
  engineTest,
  guests,
  MINUTE,
  nextMinute,
  said,
} from './notifications-engine-support.js';

const TIP = 'Tip of the day, web';

describe('batch deliveries', () => {
  let c: ChatTest & { templateId: number };
  let ids: string[];
  const T = nextMinute();
  let notificationId: number;

  beforeAll(async () => {
    // Batches of two: five guests make three batches.
    c = await engineTest({ notificationBatch: 2 });
    ids = await guests(c, 5);
    c.t.app.notifications.now = () => T;
    notificationId = await addNotification(c, T);
  });
  afterAll(() => c.t.close());

  it('deliver an occurrence once to every guest of every batch', async () => {
    await c.t.app.notifications.tick(T);
    await drain(c.t);
    const batches = await c.t.app.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', DELIVER_BATCH)
      .execute();
    expect(batches.map((b) => JSON.parse(b.payload).guestIds.length).sort()).toEqual([1, 2, 2]);
    for (const id of ids) expect(await said(c.t, id, TIP)).toBe(1);
    expect((await deliveries(c.t, notificationId)).map((d) => d.status)).toEqual(Array(5).fill('delivered'));
  });

  it('send nothing more when a batch runs again', async () => {
    const payload = {
      source: 'notification',
      id: notificationId,
      occurrenceAt: T,
      root: 'tips',
      guestIds: ids,
    };
    const again = await c.t.app.jobs.enqueue({
      kind: DELIVER_BATCH,
      payload,
      dedupeKey: `${DELIVER_BATCH}:again`,
    });
    expect(again.created).toBe(true);
    await drain(c.t);
    for (const id of ids) expect(await said(c.t, id, TIP)).toBe(1);
    expect(await deliveries(c.t, notificationId)).toHaveLength(5);
  });

  it('leave out a guest whose conversation moved on since the batch read it', async () => {
    const at = T + 60 * MINUTE;
    const key = { source: 'notification' as const, id: notificationId, occurrenceAt: at };
    const recipients = await readRecipients(c.t.app.db, ids.slice(0, 2));
    const run = (await chatServiceOf(c.t.app).proactiveRunner(c.botId, 'tips'))!;
    const turns = await Promise.all([...recipients.values()].map((r) => run(r.guest)));
    // The first guest says something meanwhile: their session is a version further.
    await c.t.app.db
      .updateTable('guest_sessions')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', ids[0])
      .execute();
    const { stored, lost } = await storeWebDeliveries(
      c.t.app.db,
      key,
      turns.map((t) => t.record),
      Date.now(),
    );
    expect(lost).toEqual([ids[0]]);
    expect([...stored]).toEqual([ids[1]]);
    const rows = (await deliveries(c.t, notificationId)).filter((d) => Number(d.occurrence_at) === at);
    expect(rows.map((r) => r.guest_id)).toEqual([ids[1]]);
    expect(await said(c.t, ids[0], TIP)).toBe(1);
    expect(await said(c.t, ids[1], TIP)).toBe(2);

    // The occurrence's own run then reaches the first guest once, and the second no more.
    await c.t.app.notifications.tick(at);
    await drain(c.t);
    for (const id of ids) expect(await said(c.t, id, TIP)).toBe(2);
  });
});
