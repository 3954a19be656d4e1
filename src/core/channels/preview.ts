// What the flow editor's emulator shows in its WhatsApp or Telegram mode (issue 16 item 6): the
// runtime's replies put through the very renderers the server sends with (renderWhatsApp,
// renderTelegram), then read back from the API messages into something a chat view can draw. So
// the author sees the degradation before publishing — buttons → list → numbered text, a carousel
// as single images or an album, a call as the widget-only text — exactly as the guest will.
import type { ChatReply } from '../widget/replies';
import type { ChannelName } from './capabilities';
import { choiceOfPick, typedNumber } from './choices';
import { decodeEntities } from './format';
import { renderTelegram, type TelegramCall } from './telegram';
import { renderWhatsApp, type WhatsAppMessage } from './whatsapp';

/** A piece of text with the formatting the channel shows (parsed from its HTML or markdown). */
export interface PreviewRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  code?: boolean;
}

export type PreviewItem =
  | { kind: 'text'; runs: PreviewRun[] }
  /** Buttons under a message; `answers`: pressing one answers with its label (a choice). */
  | { kind: 'buttons'; runs: PreviewRun[]; buttons: string[]; answers: boolean }
  /** A WhatsApp list message: a button that opens rows to pick from. */
  | { kind: 'list'; runs: PreviewRun[]; button: string; rows: string[] }
  | { kind: 'image'; url: string; caption: PreviewRun[] }
  /** Telegram's album (sendMediaGroup). */
  | { kind: 'album'; urls: string[]; caption: PreviewRun[] }
  | { kind: 'file'; url: string; name: string };

export type PreviewChannel = Exclude<ChannelName, 'web'>;

// The preview's stand-ins for the guest's address: only the shape of the messages matters.
const PREVIEW_CHAT = 'preview';

export function channelPreview(
  channel: PreviewChannel,
  replies: readonly ChatReply[],
  publicUrl: string,
  language = 'en',
): PreviewItem[] {
  if (channel === 'telegram')
    return renderTelegram(replies, PREVIEW_CHAT, publicUrl, language).calls.flatMap(telegramItem);
  return renderWhatsApp(replies, PREVIEW_CHAT, publicUrl, language).messages.flatMap(whatsAppItem);
}

/**
 * What a typed answer sends when the replies it answers offered choices: a number picks the
 * choice at that position (as the channels do: "Reply 1–N"), anything else is sent as typed.
 */
export function typedAnswer(text: string, answered: readonly ChatReply[]): string {
  const n = typedNumber(text);
  if (n === null) return text;
  for (let i = answered.length - 1; i >= 0; i--) {
    const reply = answered[i];
    const offered =
      reply.type === 'choices' ? reply.content : reply.type === 'wizard' ? (reply.field.options ?? []) : null;
    if (offered === null) continue;
    return choiceOfPick({ number: n }, offered)?.label ?? text;
  }
  return text;
}

type Loose = Record<string, unknown>;
const obj = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A WhatsApp Cloud API message as the app shows it (also `npm run channels:dev`'s terminal). */
export function whatsAppItem(message: WhatsAppMessage): PreviewItem[] {
  switch (message.type) {
    case 'text':
      return [{ kind: 'text', runs: whatsAppRuns(str(obj(message.text).body)) }];
    case 'image': {
      const image = obj(message.image);
      return [{ kind: 'image', url: str(image.link), caption: whatsAppRuns(str(image.caption)) }];
    }
    case 'document': {
      const doc = obj(message.document);
      return [{ kind: 'file', url: str(doc.link), name: str(doc.filename) }];
    }
    case 'interactive': {
      const interactive = obj(message.interactive);
      const runs = whatsAppRuns(str(obj(interactive.body).text));
      const action = obj(interactive.action);
      if (interactive.type === 'button') {
        const buttons = (action.buttons as Loose[]).map((b) => str(obj(b.reply).title));
        return [{ kind: 'buttons', runs, buttons, answers: true }];
      }
      if (interactive.type === 'list') {
        const rows = (action.sections as Loose[]).flatMap((s) =>
          (s.rows as Loose[]).map((r) => str(r.title)),
        );
        return [{ kind: 'list', runs, button: str(action.button), rows }];
      }
      // location_request_message: WhatsApp draws its own "Send location" button.
      return [{ kind: 'buttons', runs, buttons: ['Send location'], answers: false }];
    }
    default:
      return [];
  }
}

/** A Telegram Bot API call as the app shows it (also `npm run channels:dev`'s terminal). */
export function telegramItem(call: TelegramCall): PreviewItem[] {
  const p = call.params;
  switch (call.method) {
    case 'sendMessage': {
      const runs = telegramRuns(str(p.text));
      const markup = obj(p.reply_markup);
      const rows = (markup.inline_keyboard ?? markup.keyboard) as Loose[][] | undefined;
      if (!rows) return [{ kind: 'text', runs }];
      const buttons = rows.flat().map((b) => str(b.text));
      return [{ kind: 'buttons', runs, buttons, answers: Boolean(markup.inline_keyboard) }];
    }
    case 'sendPhoto':
      return [{ kind: 'image', url: str(p.photo), caption: telegramRuns(str(p.caption)) }];
    case 'sendMediaGroup': {
      const media = p.media as Loose[];
      return [
        {
          kind: 'album',
          urls: media.map((m) => str(m.media)),
          caption: telegramRuns(str(media[0]?.caption)),
        },
      ];
    }
    case 'sendDocument':
      return [{ kind: 'file', url: str(p.document), name: str(p.caption) }];
    default:
      return [];
  }
}

type Style = Omit<PreviewRun, 'text'>;

function pushRun(runs: PreviewRun[], text: string, style: Style): void {
  if (!text) return;
  const last = runs[runs.length - 1];
  const same = last && (['bold', 'italic', 'strike', 'code'] as const).every((k) => !last[k] === !style[k]);
  if (same) last.text += text;
  else runs.push({ text, ...style });
}

const TELEGRAM_TAGS: Record<string, keyof Style> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  s: 'strike',
  del: 'strike',
  strike: 'strike',
  code: 'code',
  pre: 'code',
};

/** Telegram HTML (the subset toTelegramHtml writes) as runs; links show their text. */
export function telegramRuns(html: string): PreviewRun[] {
  const runs: PreviewRun[] = [];
  const open = new Map<keyof Style, number>();
  const style = (): Style => Object.fromEntries([...open].filter(([, n]) => n > 0).map(([k]) => [k, true]));
  for (const [token, closing, name] of html.matchAll(/<(\/?)([a-z-]+)[^>]*>|[^<]+/gi)) {
    if (!name) {
      pushRun(runs, decodeEntities(token), style());
      continue;
    }
    const key = TELEGRAM_TAGS[name.toLowerCase()];
    if (key) open.set(key, (open.get(key) ?? 0) + (closing ? -1 : 1));
  }
  return runs;
}

const WHATSAPP_MARKS: Record<string, keyof Style> = { '*': 'bold', _: 'italic', '~': 'strike' };

/** WhatsApp markdown (*bold*, _italic_, ~strike~, ```code```) as runs, as the app shows it. */
export function whatsAppRuns(text: string): PreviewRun[] {
  const runs: PreviewRun[] = [];
  // A mark counts only around text that neither starts nor ends with a space, as in WhatsApp.
  const pattern = /```([\s\S]+?)```|([*_~])(\S(?:[^\n]*?\S)?)\2/g;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    pushRun(runs, text.slice(at, match.index), {});
    if (match[1] !== undefined) pushRun(runs, match[1], { code: true });
    else
      for (const { text: inner, ...style } of whatsAppRuns(match[3]))
        pushRun(runs, inner, { ...style, [WHATSAPP_MARKS[match[2]]]: true });
    at = match.index + match[0].length;
  }
  pushRun(runs, text.slice(at), {});
  return runs;
}
