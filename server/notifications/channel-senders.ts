// Notification deliveries on Telegram and WhatsApp (issue 18 item 5), rendered by the channels'
// pure rendering (src/core/channels, issue 16) and sent over the real Bot API and Cloud API.
// Telegram's sends are paced to the bot token's rate, shared with the conversations and the other
// instances (telegram-slots.ts), and to the chat's (a turn of several messages); a 429 throws
// RateLimitedSend with its retry_after (the guest is tried again then, and the token's later sends
// wait too), a 5xx throws, so the delivery job is retried with back-off; other refusals are a failed delivery with the API's words. WhatsApp sends a normal message only
// inside the 24-hour customer-service window (the guest's last message); outside it, the approved
// message template named on the notification, or nothing: skipped "outside the 24-hour window"
// (Meta's error 131047 says the same and is mapped to it).
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { openToken } from '../repos/token-box.js';
import { postJson } from '../channels/post-json.js';
import type { Database } from '../db/schema.js';
import type { TelegramSlots } from './telegram-slots.js';
import { chatRule, renderTelegram, renderWhatsApp } from '../../src/core/channels/index.js';
import { chatOffsets } from '../../src/core/notifications/index.js';
import type { ChatReply } from '../../src/core/widget/replies.js';
import {
  OUTSIDE_WINDOW,
  RateLimitedSend,
  type BotCredentials,
  type ChannelDelivery,
  type ChannelSenders,
  type ChannelTarget,
  type SendOutcome,
} from './channels.js';

type Db = Kysely<Database>;

const WINDOW_MS = 24 * 60 * 60 * 1000;
const WHATSAPP_OUTSIDE_WINDOW_CODE = 131047;
const NO_CHAT = 'The guest has no chat on this channel';

/** A failure worth retrying (server error, network): the job runs again later. */
class RetryableSend extends Error {}

/** Without the API's retry_after, a 429 waits this long. */
const DEFAULT_RETRY_AFTER_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const direct = <T>(work: () => Promise<T>) => work();

/** The bots' channel credentials (tokens are stored sealed), opened: once per batch of guests. */
export async function botCredentials(db: Db, botIds: number[]): Promise<Map<number, BotCredentials>> {
  if (!botIds.length) return new Map();
  const rows = await db
    .selectFrom('bots')
    .select(['id', 'telegram_token', 'whatsapp_phone_id', 'whatsapp_token'])
    .where('id', 'in', botIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        telegram_token: row.telegram_token ? openToken(db, row.telegram_token) : '',
        whatsapp_phone_id: row.whatsapp_phone_id,
        whatsapp_token: row.whatsapp_token ? openToken(db, row.whatsapp_token) : '',
      },
    ]),
  );
}

/** The guest's chat id and the bot's channel credentials: given by a batch, else read. */
async function target(db: Db, delivery: ChannelDelivery): Promise<ChannelTarget | undefined> {
  if (delivery.target) return delivery.target;
  const row = await db
    .selectFrom('guest_sessions')
    .select(['external_chat_id', 'bot_id'])
    .where('id', '=', delivery.guest.id)
    .executeTakeFirst();
  if (!row) return undefined;
  const credentials = (await botCredentials(db, [row.bot_id])).get(row.bot_id);
  return credentials && { ...credentials, external_chat_id: row.external_chat_id };
}

interface ChannelAnswer {
  status: number;
  /** The answer's JSON, or null when it was none (a proxy's error page: the status says it). */
  data: Record<string, unknown> | null;
  /** A Retry-After header's seconds (WhatsApp's way of saying it), if any. */
  retryAfterHeader: number;
}

async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<ChannelAnswer> {
  let answer: ChannelAnswer;
  try {
    const reply = await postJson(url, body, headers, 15_000);
    let data: Record<string, unknown> | null = null;
    try {
      data = reply.json() as Record<string, unknown> | null;
    } catch {
      // Not JSON.
    }
    answer = { status: reply.status, data, retryAfterHeader: Number(reply.header('retry-after')) };
  } catch (error) {
    throw new RetryableSend(`The channel could not be reached: ${(error as Error).message}`);
  }
  if (answer.status === 429) {
    const parameters = (answer.data?.parameters ?? {}) as { retry_after?: unknown };
    // Telegram says it in parameters.retry_after, WhatsApp (Graph API) in a Retry-After header.
    const seconds = Number(parameters.retry_after ?? answer.retryAfterHeader);
    const ms = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_RETRY_AFTER_MS;
    throw new RateLimitedSend(ms, String(answer.data?.description ?? 'The channel answered 429'));
  }
  if (answer.status >= 500) {
    throw new RetryableSend(`The channel answered ${answer.status}`);
  }
  return answer;
}

export function channelSenders(
  db: Db,
  config: Pick<Config, 'telegramApiBase' | 'whatsappApiBase' | 'publicUrl'>,
  /** The bot tokens' shared budgets (none: Telegram's sends are not paced). */
  slots?: TelegramSlots,
): ChannelSenders {
  const language = (delivery: ChannelDelivery) => delivery.guest.session.language || 'en';
  return {
    async telegram(delivery): Promise<SendOutcome> {
      const to = await target(db, delivery);
      if (!to?.external_chat_id || !to.telegram_token) return { status: 'skipped', reason: NO_CHAT };
      const { calls } = renderTelegram(
        delivery.replies as ChatReply[],
        to.external_chat_id,
        config.publicUrl,
        language(delivery),
      );
      const token = to.telegram_token;
      // The chat's pace too: its burst goes at the token's next slots, each later message a chat
      // interval after the first (a turn of several messages), at a token slot from then on.
      const offsets = slots
        ? chatOffsets(calls.length, chatRule(slots.rules, to.external_chat_id))
        : calls.map(() => 0);
      const burst = offsets.filter((offset) => offset === 0).length;
      const times = slots ? await slots.take(token, burst) : [];
      const inFlight = delivery.inFlight ?? direct;
      let first = 0;
      for (const [i, call] of calls.entries()) {
        const at = i < burst || !slots ? (times[i] ?? 0) : await slots.takeAt(token, first + offsets[i]);
        const wait = at - Date.now();
        if (wait > 0) await sleep(wait);
        if (i === 0) first = Date.now();
        let answer: ChannelAnswer;
        try {
          answer = await inFlight(() =>
            post(`${config.telegramApiBase}/bot${token}/${call.method}`, call.params),
          );
        } catch (error) {
          if (error instanceof RateLimitedSend) await slots?.hold(token, Date.now() + error.retryAfterMs);
          throw error;
        }
        const { status, data } = answer;
        if (status !== 200 || data?.ok !== true) {
          return { status: 'failed', reason: String(data?.description ?? `Telegram answered ${status}`) };
        }
      }
      return { status: 'sent' };
    },

    async whatsapp(delivery): Promise<SendOutcome> {
      const to = await target(db, delivery);
      if (!to?.external_chat_id || !to.whatsapp_phone_id || !to.whatsapp_token)
        return { status: 'skipped', reason: NO_CHAT };
      const url = `${config.whatsappApiBase}/${to.whatsapp_phone_id}/messages`;
      const auth = { authorization: `Bearer ${to.whatsapp_token}` };
      const last = delivery.lastGuestMessageAt;
      const inWindow = last !== null && Date.now() - last < WINDOW_MS;
      let messages: Record<string, unknown>[];
      if (inWindow) {
        messages = renderWhatsApp(
          delivery.replies as ChatReply[],
          to.external_chat_id,
          config.publicUrl,
          language(delivery),
        ).messages;
      } else if (delivery.whatsappTemplate) {
        messages = [
          {
            messaging_product: 'whatsapp',
            to: to.external_chat_id,
            type: 'template',
            template: { name: delivery.whatsappTemplate, language: { code: language(delivery) } },
          },
        ];
      } else {
        return { status: 'skipped', reason: OUTSIDE_WINDOW };
      }
      const inFlight = delivery.inFlight ?? direct;
      for (const message of messages) {
        const { status, data } = await inFlight(() => post(url, message, auth));
        if (status === 200) continue;
        const error = (data?.error ?? {}) as { code?: number; message?: string };
        if (error.code === WHATSAPP_OUTSIDE_WINDOW_CODE) return { status: 'skipped', reason: OUTSIDE_WINDOW };
        return { status: 'failed', reason: error.message ?? `WhatsApp answered ${status}` };
      }
      return { status: 'sent' };
    },
  };
}
