// The notifications table (015) for the customer's calls: every read and write is scoped to the
// customer, so another customer's notification reads as missing.
import type { Kysely } from 'kysely';
import type { Database, NotificationRow } from '../db/schema.js';
import type { NotificationFields } from '../../src/core/notifications/index.js';
import { nextOccurrences, scheduleOf } from '../../src/core/notifications/index.js';

type Db = Kysely<Database>;

export function fieldsOf(row: NotificationRow): NotificationFields {
  return {
    name: row.name,
    description: row.description,
    enabled: row.enabled === 1,
    start_at: row.start_at,
    end_at: row.end_at,
    repeat_minutes: row.repeat_minutes,
    repeat_limit: row.repeat_limit,
    timezone: row.timezone,
    bot_id: row.bot_id,
    flow_template_id: row.flow_template_id,
    interacted_bots: JSON.parse(row.interacted_bots) as number[],
    whatsapp_template: row.whatsapp_template,
    no_end_date: row.no_end_date === 1,
    no_repeat_limit: row.no_repeat_limit === 1,
    template_only: row.template_only === 1,
  };
}

/**
 * The first occurrence the engine will fan out: from a minute ago on (a notification saved at
 * 09:00:30 to start at 09:00 still runs); null when disabled or over.
 */
export function nextRunAt(fields: NotificationFields, now: number): number | null {
  if (!fields.enabled) return null;
  return nextOccurrences(scheduleOf(fields), now - 60_000, 1)[0]?.at ?? null;
}

function columns(fields: NotificationFields, now: number) {
  return {
    name: fields.name,
    description: fields.description,
    enabled: fields.enabled ? 1 : 0,
    start_at: fields.start_at,
    end_at: fields.end_at,
    repeat_minutes: fields.repeat_minutes ?? 1,
    repeat_limit: fields.repeat_limit,
    timezone: fields.timezone,
    bot_id: fields.bot_id,
    flow_template_id: fields.flow_template_id,
    interacted_bots: JSON.stringify(fields.interacted_bots),
    whatsapp_template: fields.whatsapp_template,
    no_end_date: fields.no_end_date ? 1 : 0,
    no_repeat_limit: fields.no_repeat_limit ? 1 : 0,
    template_only: fields.template_only ? 1 : 0,
    next_run_at: nextRunAt(fields, now),
    updated_at: now,
  };
}

export async function listNotifications(db: Db, userId: number): Promise<NotificationRow[]> {
  return db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function findNotification(db: Db, userId: number, id: number): Promise<NotificationRow | null> {
  const row = await db
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

export async function insertNotification(
  db: Db,
  userId: number,
  fields: NotificationFields,
  now = Date.now(),
) {
  const { id } = await db
    .insertInto('notifications')
    .values({ ...columns(fields, now), user_id: userId, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findNotification(db, userId, Number(id)))!;
}

export async function updateNotification(
  db: Db,
  userId: number,
  id: number,
  fields: NotificationFields,
  now = Date.now(),
): Promise<NotificationRow | null> {
  const result = await db
    .updateTable('notifications')
    .set(columns(fields, now))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  return findNotification(db, userId, id);
}

export async function deleteNotification(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('notifications')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  await db
    .deleteFrom('notification_runs')
    .where('source', '=', 'notification')
    .where('source_id', '=', id)
    .execute();
  await db
    .deleteFrom('notification_deliveries')
    .where('source', '=', 'notification')
    .where('source_id', '=', id)
    .execute();
  return true;
}

/** The customer's bots and flow templates, as the form picks them. */
export async function customerTargets(db: Db, userId: number) {
  const bots = await db
    .selectFrom('bots')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const templates = await db
    .selectFrom('flows')
    .innerJoin('bots', 'bots.id', 'flows.bot_id')
    .select(['flows.id as id', 'flows.name as name', 'bots.id as bot_id', 'bots.name as bot_name'])
    .where('bots.user_id', '=', userId)
    .where('flows.name', '!=', 'main')
    .orderBy('flows.id')
    .execute();
  return { bots, templates };
}
