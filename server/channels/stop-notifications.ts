// STOP and START on Telegram or WhatsApp (issue 18): the guest's notifications are switched off
// (or back on) the moment the message arrives, and the channel says so at once — no turn of the
// flow runs for it. The delivery then only reads the switch (server/notifications/deliver.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { findChannelGuestId } from '../repos/guests.js';
import type { Reply } from '../runtime/replies.js';
import { guestSettings, isStart, isStop, switchNotifications } from '../notifications/guest-settings.js';
import type { ChatKey } from './store.js';

export const NOTIFICATIONS_STOPPED = 'You will get no more notifications from this bot.';
export const NOTIFICATIONS_STARTED = 'You will get notifications from this bot again.';

/** The answer to STOP (notifications switched off), or null when the text is something else. */
export async function stopNotifications(
  db: Kysely<Database>,
  key: ChatKey,
  text: string,
): Promise<Reply[] | null> {
  if (!isStop(text)) return null;
  // A chat the bot never answered has no guest yet, and so no notifications to switch off.
  const guestId = await findChannelGuestId(db, key.botId, { channel: key.channel, chatId: key.chatId });
  if (guestId) await switchNotifications(db, guestId, false);
  return [{ type: 'text', content: NOTIFICATIONS_STOPPED }];
}

/**
 * The answer to START from a guest who had switched notifications off (now on again), or null.
 * Only a switched-off guest is answered: "start" is an ordinary word a flow may be waiting for
 * ("type start to begin the quiz"), so for everyone else it goes to the flow as before.
 */
export async function startNotifications(
  db: Kysely<Database>,
  key: ChatKey,
  text: string,
): Promise<Reply[] | null> {
  if (!isStart(text)) return null;
  const guestId = await findChannelGuestId(db, key.botId, { channel: key.channel, chatId: key.chatId });
  if (!guestId || !(await guestSettings(db, guestId))?.off) return null;
  await switchNotifications(db, guestId, true);
  return [{ type: 'text', content: NOTIFICATIONS_STARTED }];
}

/** STOP's or START's answer, or null when the text is for the flow. */
export async function notificationSwitchWords(
  db: Kysely<Database>,
  key: ChatKey,
  text: string,
): Promise<Reply[] | null> {
  return (await stopNotifications(db, key, text)) ?? (await startNotifications(db, key, text));
}
