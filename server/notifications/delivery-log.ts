// The delivery log on a notification's card (issue 18 item 6): last and next occurrence, counts
// by status with the reasons, and the latest failed recipients. One grouped query per page load
// for all of the customer's notifications.
import type { Kysely } from 'kysely';
import type { Database, NotificationRow } from '../db/schema.js';
import type { DeliveryLog } from '../../src/core/api/notifications.js';

type Db = Kysely<Database>;

const FAILED_SHOWN = 10;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export async function deliveryLogs(db: Db, rows: NotificationRow[]): Promise<Map<number, DeliveryLog>> {
  const logs = new Map<number, DeliveryLog>();
  for (const row of rows) {
    logs.set(row.id, {
      last_occurrence: iso(row.last_run_at),
      next_occurrence: iso(row.next_run_at),
      sent: 0,
      delivered: 0,
      failed: 0,
      skipped: 0,
      reasons: [],
      failed_recipients: [],
      skipped_occurrences: 0,
    });
  }
  const ids = rows.map((row) => row.id);
  if (!ids.length) return logs;
  const counts = await db
    .selectFrom('notification_deliveries')
    .select(['source_id', 'status', 'reason', (e) => e.fn.countAll().as('n')])
    .where('source', '=', 'notification')
    .where('source_id', 'in', ids)
    .groupBy(['source_id', 'status', 'reason'])
    .execute();
  for (const count of counts) {
    const log = logs.get(count.source_id)!;
    const n = Number(count.n);
    if (
      count.status === 'sent' ||
      count.status === 'delivered' ||
      count.status === 'failed' ||
      count.status === 'skipped'
    )
      log[count.status] += n;
    if (count.reason) log.reasons.push({ status: count.status, reason: count.reason, count: n });
  }
  const failed = await db
    .selectFrom('notification_deliveries')
    .select(['source_id', 'guest_id', 'channel', 'reason'])
    .where('source', '=', 'notification')
    .where('source_id', 'in', ids)
    .where('status', '=', 'failed')
    .orderBy('id', 'desc')
    .limit(FAILED_SHOWN * ids.length)
    .execute();
  for (const row of failed) {
    const log = logs.get(row.source_id)!;
    if (log.failed_recipients.length < FAILED_SHOWN)
      log.failed_recipients.push({ guest_id: row.guest_id, channel: row.channel, reason: row.reason ?? '' });
  }
  const skipped = await db
    .selectFrom('notification_runs')
    .select(['source_id', (e) => e.fn.countAll().as('n')])
    .where('source', '=', 'notification')
    .where('source_id', 'in', ids)
    .where('state', '=', 'skipped')
    .groupBy('source_id')
    .execute();
  for (const row of skipped) logs.get(row.source_id)!.skipped_occurrences = Number(row.n);
  return logs;
}
