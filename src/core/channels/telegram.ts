// The runtime's replies as Telegram Bot API calls (https://core.telegram.org/bots/api), pure: the
// server sends each call as a job, in order. Texts go as parse_mode HTML (format.ts), split at
// 4096 characters; choices as an inline keyboard (one button per row, the label as its text, the
// pick as callback_data ≤ 64 bytes) — as numbered text beyond the keyboard's 100 buttons; images
// with sendPhoto, a carousel as an album (sendMediaGroup, 2–10 per album), files with
// sendDocument, video links as a link Telegram previews, a location request as a reply keyboard
// with request_location.
import type { ChatReply } from '../widget/replies';
import { TELEGRAM } from './capabilities';
import { choiceLayout, numberedChoices, pickData } from './choices';
import { escapeHtml, splitTelegramHtml, toTelegramHtml } from './format';
import { planReplies, type ChannelPart } from './plan';
import { DO_NOT_SHARE_LOCATION, LOCATION_PROMPT, SHARE_LOCATION, CHOOSE_ONE } from './texts';

export interface TelegramCall {
  method: string;
  params: Record<string, unknown>;
}

export interface TelegramRender {
  calls: TelegramCall[];
  followUp: string | null;
}

const CALLBACK_DATA_BYTES = 64;

function captionOf(text: string): string | undefined {
  const html = toTelegramHtml(escapeHtml(text));
  return html ? splitTelegramHtml(html, TELEGRAM.maxCaption)[0] : undefined;
}

function partCalls(part: ChannelPart, chat_id: number | string): TelegramCall[] {
  const message = (html: string, extra: Record<string, unknown> = {}): TelegramCall[] =>
    splitTelegramHtml(toTelegramHtml(html), TELEGRAM.maxText).map((text, i, all) => ({
      method: 'sendMessage',
      // Buttons go under the last part of a long text.
      params: { chat_id, text, parse_mode: 'HTML', ...(i === all.length - 1 ? extra : {}) },
    }));
  switch (part.kind) {
    case 'text':
      return message(part.html);
    case 'choices': {
      const labels = part.buttons.map((b) => b.label);
      const body = part.html.trim() ? part.html : CHOOSE_ONE;
      if (choiceLayout(TELEGRAM, labels) === 'numbered')
        return message(`${body}<br>${escapeHtml(numberedChoices(labels)).replace(/\n/g, '<br>')}`);
      const inline_keyboard = part.buttons.map((b, i) => [
        { text: b.label, callback_data: pickData(b, i, CALLBACK_DATA_BYTES) },
      ]);
      return message(body, { reply_markup: { inline_keyboard } });
    }
    case 'image': {
      const caption = captionOf(part.caption);
      return [
        {
          method: 'sendPhoto',
          params: { chat_id, photo: part.url, ...(caption ? { caption, parse_mode: 'HTML' } : {}) },
        },
      ];
    }
    case 'images': {
      const calls: TelegramCall[] = [];
      const album = TELEGRAM.album!;
      for (let at = 0; at < part.urls.length; at += album.max) {
        const urls = part.urls.slice(at, at + album.max);
        const caption = at === 0 ? captionOf(part.caption) : undefined;
        if (urls.length < album.min) {
          calls.push(
            ...partCalls({ kind: 'image', url: urls[0], caption: at === 0 ? part.caption : '' }, chat_id),
          );
          continue;
        }
        const media = urls.map((media, i) => ({
          type: 'photo',
          media,
          ...(i === 0 && caption ? { caption, parse_mode: 'HTML' } : {}),
        }));
        calls.push({ method: 'sendMediaGroup', params: { chat_id, media } });
      }
      return calls;
    }
    case 'video': {
      const title = part.title.trim() ? `${escapeHtml(part.title.trim())}\n` : '';
      const link = escapeHtml(part.url);
      return [{ method: 'sendMessage', params: { chat_id, text: `${title}${link}`, parse_mode: 'HTML' } }];
    }
    case 'file':
      return [
        part.image
          ? { method: 'sendPhoto', params: { chat_id, photo: part.url, caption: part.name } }
          : { method: 'sendDocument', params: { chat_id, document: part.url, caption: part.name } },
      ];
    case 'location':
      return [
        {
          method: 'sendMessage',
          params: {
            chat_id,
            text: LOCATION_PROMPT,
            reply_markup: {
              keyboard: [
                [{ text: SHARE_LOCATION, request_location: true }],
                [{ text: DO_NOT_SHARE_LOCATION }],
              ],
              one_time_keyboard: true,
              resize_keyboard: true,
            },
          },
        },
      ];
    case 'password':
      // The guest's answer is deleted once received (deleteMessage): nothing to say beforehand.
      return [];
  }
}

export function renderTelegram(
  replies: readonly ChatReply[],
  chatId: number | string,
  publicUrl: string,
  language = 'en',
): TelegramRender {
  const plan = planReplies(replies, publicUrl, language);
  return { calls: plan.parts.flatMap((part) => partCalls(part, chatId)), followUp: plan.followUp };
}

/** Does this turn end waiting for a password (the guest's next message is then deleted)? */
export function asksPassword(replies: readonly ChatReply[]): boolean {
  return replies.some((r) => r.type === 'input' && r.input === 'password');
}
