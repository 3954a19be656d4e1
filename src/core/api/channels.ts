// The channel webhooks (issue 16): what Telegram and Meta post, and what they are answered. The
// updates themselves are the channels' documented shapes; only what routing needs is checked here
// (the rest is read when the turn runs), so a field the APIs add later never refuses an update.
import { z } from 'zod';

export const telegramWebhookParams = z.object({
  botId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** A Telegram Update: update_id plus one of its optional fields (message, callback_query, …). */
export const telegramUpdate = z.looseObject({ update_id: z.number().int().nonnegative() });

/** What a webhook answers: the update is stored (or was stored before) or ignored. */
export const channelAck = z.object({ ok: z.boolean() });
export type ChannelAck = z.infer<typeof channelAck>;

/** Meta's verification handshake (GET): answered with hub.challenge as plain text. */
export const whatsappVerifyQuery = z.object({
  'hub.mode': z.string().max(64).optional(),
  'hub.verify_token': z.string().max(1024).optional(),
  'hub.challenge': z.string().max(1024).optional(),
});
