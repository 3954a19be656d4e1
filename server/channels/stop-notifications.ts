// STOP on Telegram or WhatsApp (issue 18): the guest's notifications are switched off the moment
// the message arrives, and the channel says so at once — no turn of the flow runs for it. The
// delivery then only reads the switch (server/notifications/deliver.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { findChannelGuestId } from '../repos/guests.js';
import type { Reply } from '../runtime/replies.js';
import { isStop, switchNotifications } from '../notifications/guest-settings.js';
import type { ChatKey } from './store.js';

export const NOTIFICATIONS_STOPPED = 'You will get no more notifications from this bot.';

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
