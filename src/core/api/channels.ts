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

/**
 * POST /api/channels/whatsapp: Meta's notification `{ object, entry: [{ changes: [{ value }] }] }`.
 * Taken as it comes: the signature over the raw body is checked first (a bad one is 401 whatever
 * the body holds), then the handler asks for entry[] and reads each value.
 */
export const whatsappNotification = z.unknown();

/** Meta's verification handshake (GET): answered with hub.challenge as plain text. */
export const whatsappVerifyQuery = z.object({
  'hub.mode': z.string().max(64).optional(),
  'hub.verify_token': z.string().max(1024).optional(),
  'hub.challenge': z.string().max(1024).optional(),
});

/** One channel of a bot as the Advanced tab shows it. */
export const channelInfo = z.object({
  channel: z.enum(['telegram', 'whatsapp']),
  /** The bot has what the channel needs (a token; a phone number id too on WhatsApp). */
  configured: z.boolean(),
  /** Configured, and the last call to the API did not fail. */
  connected: z.boolean(),
  webhook_url: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.number().nullable(),
  last_message_at: z.number().nullable(),
});
export type ChannelInfo = z.infer<typeof channelInfo>;

export const channelsAnswer = z.object({ success: z.literal(true), channels: z.array(channelInfo) });
export type ChannelsAnswer = z.infer<typeof channelsAnswer>;

export const testMessageBody = z.object({
  channel: z.enum(['telegram', 'whatsapp']),
  /** A Telegram chat id or a WhatsApp phone number (digits, as WhatsApp sends them). */
  to: z
    .string()
    .trim()
    .regex(/^-?\d{1,20}$/, 'Enter a chat id or a phone number in digits'),
});
export const TEST_MESSAGE_TEXT = 'Test message from BotFlow: this bot is connected.';
