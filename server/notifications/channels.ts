// How a delivery leaves on a guest's channel. The web channel is the server's own (the message
// lands in the conversation, see deliver.ts); Telegram and WhatsApp go through the channel
// senders, plugged in by the channels (issue 16) as they exist.
import type { ChatReply } from '../conversations/chat-service.js';
import type { StoredGuest } from '../repos/guests.js';
import type { Environment } from '../runtime/session.js';
import type { Limit } from '../../src/core/notifications/index.js';

export interface ChannelDelivery {
  botId: number;
  guest: StoredGuest;
  replies: ChatReply[];
  /** The approved WhatsApp message template to send outside the 24-hour window, if any. */
  whatsappTemplate: string | null;
  /** When the guest last wrote (the start of WhatsApp's 24-hour window), or null. */
  lastGuestMessageAt: number | null;
  /** Where it goes, when the caller read it already (a batch reads its guests' at once). */
  target?: ChannelTarget;
  /**
   * The instance's limit on calls in flight, when the caller did not take it for the whole send
   * (a batch's Telegram guests wait for their paced slots outside it, and take it per call).
   */
  inFlight?: Limit;
}

/** A bot's channel credentials, tokens opened. */
export interface BotCredentials {
  telegram_token: string;
  whatsapp_phone_id: string | null;
  whatsapp_token: string;
}

export interface ChannelTarget extends BotCredentials {
  external_chat_id: string | null;
}

export interface SendOutcome {
  status: 'sent' | 'delivered' | 'skipped' | 'failed';
  reason?: string;
}

/**
 * The API asked to wait (a 429's retry_after): the guest is tried again not before then, and the
 * wait is no failed attempt.
 */
export class RateLimitedSend extends Error {
  constructor(
    readonly retryAfterMs: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Sends one delivery; throws for a failure worth retrying (a 5xx, a time-out; RateLimitedSend
 * when the API said how long to wait).
 */
export type ChannelSender = (delivery: ChannelDelivery) => Promise<SendOutcome>;

export type ChannelSenders = Partial<Record<Exclude<Environment, 'web'>, ChannelSender>>;

export const OUTSIDE_WINDOW = 'outside the 24-hour window';
export const noSender = (channel: string) => `No sender for the ${channel} channel`;
