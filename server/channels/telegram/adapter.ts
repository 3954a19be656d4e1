// Telegram as a channel of the conversation drain: reads a stored update (a message or a pressed
// button) into a turn's input, renders replies as Bot API calls (src/core/channels/telegram.ts)
// and sends them. /start and /restart start the flow from its first node; a pressed button is
// answered with answerCallbackQuery; a photo or document is downloaded (getFile) and stored as a
// chat upload with the web's type rules; a shared location answers 'latitude,longitude'; a voice
// note is transcribed when speech is configured; a password the guest typed is deleted.
import {
  CANNOT_LISTEN,
  FILE_REFUSED,
  parsePick,
  renderTelegram,
  renderWithDelays,
  telegramPause,
} from '../../../src/core/channels/index.js';
import type { Config } from '../../config.js';
import type { SpeechPort } from '../../adapters/llm-port.js';
import { MAX_CHAT_FILE_BYTES, saveChatFile } from '../../conversations/chat-files.js';
import type { ChannelAdapter, Interpreted } from '../channel-adapter.js';
import type { ChannelBot } from '../channel-bot.js';
import type { SendPace } from '../send-pace.js';
import { telegramCall, telegramFile, type TelegramApi } from './api.js';

interface TelegramUser {
  id: number;
  language_code?: string;
}

interface TelegramMessage {
  message_id: number;
  chat: { id: number };
  from?: TelegramUser;
  text?: string;
  caption?: string;
  location?: { latitude: number; longitude: number };
  photo?: { file_id: string }[];
  document?: { file_id: string; file_name?: string };
  voice?: { file_id: string; mime_type?: string };
  audio?: { file_id: string; mime_type?: string };
}

export interface TelegramUpdate {
  update_id: number;
  message?: TelegramMessage;
  edited_message?: TelegramMessage;
  callback_query?: {
    id: string;
    from: TelegramUser;
    data?: string;
    message?: { message_id: number; chat: { id: number } };
  };
}

/** The chat an update belongs to, or null for updates no conversation has. */
export function chatOfUpdate(update: TelegramUpdate): string | null {
  const id =
    update.message?.chat.id ?? update.callback_query?.message?.chat.id ?? update.callback_query?.from.id;
  return id === undefined || id === null ? null : String(id);
}

const COMMAND = /^\/(start|restart)(@\w+)?(\s|$)/i;

export function telegramAdapter(config: Config, speech: SpeechPort, pace?: SendPace): ChannelAdapter {
  const apiOf = (bot: ChannelBot): TelegramApi => ({
    base: config.telegramApiBase,
    token: bot.telegramToken,
  });
  const text = (chatId: string, words: string) => [
    { method: 'sendMessage', params: { chat_id: chatId, text: words } },
  ];
  const languageOf = (bot: ChannelBot, user?: TelegramUser) => {
    const code = user?.language_code?.slice(0, 2).toLowerCase();
    return code && bot.languages.includes(code) ? code : null;
  };

  async function fileInput(
    bot: ChannelBot,
    chatId: string,
    fileId: string,
    name: string,
  ): Promise<Interpreted> {
    const data = await telegramFile(apiOf(bot), fileId, MAX_CHAT_FILE_BYTES);
    const file = data ? await saveChatFile(config.dataDir, config.publicUrl, { filename: name, data }) : null;
    if (!file) return { text: '', direct: text(chatId, FILE_REFUSED) };
    return { text: '', file };
  }

  return {
    channel: 'telegram',
    async interpret(bot, payload) {
      const update = payload as TelegramUpdate;
      const chatId = chatOfUpdate(update) ?? '';
      const query = update.callback_query;
      if (query) {
        // The button stops spinning whatever happens next.
        await telegramCall(apiOf(bot), 'answerCallbackQuery', { callback_query_id: query.id }).catch(
          () => {},
        );
        return { text: '', pick: parsePick(query.data ?? ''), language: languageOf(bot, query.from) };
      }
      const message = update.message;
      if (!message) return { text: '', ignore: true };
      const language = languageOf(bot, message.from);
      const after = async (answer: { secretInput?: boolean }) => {
        if (!answer.secretInput) return;
        await telegramCall(apiOf(bot), 'deleteMessage', {
          chat_id: chatId,
          message_id: message.message_id,
        }).catch(() => {});
      };
      if (message.location) {
        const { latitude, longitude } = message.location;
        return { text: `${latitude},${longitude}`, language };
      }
      if (message.photo?.length) {
        // Telegram lists a photo's sizes smallest first.
        const largest = message.photo[message.photo.length - 1];
        return { ...(await fileInput(bot, chatId, largest.file_id, 'photo.jpg')), language };
      }
      if (message.document) {
        const name = message.document.file_name ?? 'document';
        return { ...(await fileInput(bot, chatId, message.document.file_id, name)), language };
      }
      const voice = message.voice ?? message.audio;
      if (voice) {
        if (!speech.configured) return { text: '', direct: text(chatId, CANNOT_LISTEN) };
        const data = await telegramFile(apiOf(bot), voice.file_id, MAX_CHAT_FILE_BYTES);
        if (!data) return { text: '', direct: text(chatId, CANNOT_LISTEN) };
        const mimetype = voice.mime_type ?? 'audio/ogg';
        const heard = await speech.transcribe(
          { data, filename: 'voice.ogg', mimetype },
          language ?? bot.languages[0] ?? 'en',
        );
        return { text: heard, language, after };
      }
      const words = message.text ?? message.caption ?? '';
      if (COMMAND.test(words)) return { text: '', restart: true, language };
      return { text: words, language, after };
    },
    render(replies, chatId, language) {
      // A delay in the flow: "typing…", then the wait (src/core/channels/delays.ts).
      return renderWithDelays(
        replies,
        (segment) => {
          const { calls, followUp } = renderTelegram(segment, chatId, config.publicUrl, language);
          return { bodies: calls, followUp };
        },
        (ms) => telegramPause(chatId, ms),
      );
    },
    ...(pace
      ? { beforeSend: (bot: ChannelBot, chatId: string) => pace.take(bot.telegramToken, chatId) }
      : {}),
    async send(bot, _chatId, body) {
      const call = body as { method: string; params: Record<string, unknown> };
      const result = await telegramCall<{ message_id?: number } | { message_id?: number }[]>(
        apiOf(bot),
        call.method,
        call.params,
      );
      const first = Array.isArray(result) ? result[0] : result;
      return first?.message_id === undefined ? null : String(first.message_id);
    },
  };
}
