// A guest's notification settings (015): the time zone the widget reported, the switch (STOP on
// a channel, the widget menu), the web deliveries not yet seen, and a Web Push subscription.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database>;

export async function guestSettings(db: Db, guestId: string) {
  return (
    (await db
      .selectFrom('guest_notification_settings')
      .selectAll()
      .where('guest_id', '=', guestId)
      .executeTakeFirst()) ?? null
  );
}

/** Changes some of the guest's settings, creating the row on first use. */
export async function setGuestSettings(
  db: Db,
  guestId: string,
  change: { timezone?: string | null; off?: boolean; unread?: number; webPush?: string | null },
  now = Date.now(),
): Promise<void> {
  const values = {
    ...(change.timezone !== undefined ? { timezone: change.timezone } : {}),
    ...(change.off !== undefined ? { off: change.off ? 1 : 0 } : {}),
    ...(change.unread !== undefined ? { unread: change.unread } : {}),
    ...(change.webPush !== undefined ? { web_push: change.webPush } : {}),
    updated_at: now,
  };
  await db
    .insertInto('guest_notification_settings')
    .values({ guest_id: guestId, off: 0, unread: 0, ...values })
    .onConflict((oc) => oc.column('guest_id').doUpdateSet(values))
    .execute();
}

/** A guest who sent STOP, or switched notifications off in the widget, is sent nothing more. */
export function switchNotifications(db: Db, guestId: string, on: boolean, now = Date.now()) {
  return setGuestSettings(db, guestId, { off: !on }, now);
}

/** Adds `count` unread web deliveries (inside the delivery's transaction). */
export async function addUnread(db: Db, guestId: string, count: number, now: number): Promise<void> {
  await db
    .insertInto('guest_notification_settings')
    .values({ guest_id: guestId, off: 0, unread: count, updated_at: now })
    .onConflict((oc) =>
      oc.column('guest_id').doUpdateSet((eb) => ({
        unread: eb('guest_notification_settings.unread', '+', count),
        updated_at: now,
      })),
    )
    .execute();
}

/** The guest's latest message (when, and its text when it was text), or null. */
export async function lastGuestMessage(
  db: Db,
  guestId: string,
): Promise<{ at: number; text: string } | null> {
  const rows = await db
    .selectFrom('conversation_turns')
    .select(['created_at', 'messages'])
    .where('guest_id', '=', guestId)
    .where('messages', 'like', '%"sender":"user"%')
    .orderBy('seq', 'desc')
    .limit(1)
    .execute();
  if (!rows.length) return null;
  const said = (JSON.parse(rows[0].messages) as { sender: string; payload: { content: unknown } }[])
    .filter((m) => m.sender === 'user')
    .pop();
  return {
    at: Number(rows[0].created_at),
    text: typeof said?.payload.content === 'string' ? said.payload.content : '',
  };
}

/** STOP (and its usual spellings) ends a channel guest's notifications. */
export const isStop = (text: string) => /^\s*(stop|unsubscribe|stopall|cancel)\s*[.!]?\s*$/i.test(text);

/** START (and its usual spellings) switches them back on; Telegram's `/start` command is not one. */
export const isStart = (text: string) => /^\s*(start|unstop|subscribe|resume)\s*[.!]?\s*$/i.test(text);
