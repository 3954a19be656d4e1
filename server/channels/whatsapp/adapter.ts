// WhatsApp as a channel of the conversation drain: reads a stored message into a turn's input,
// renders replies as Cloud API messages (src/core/channels/whatsapp.ts) and sends them. Any first
// message starts the flow; typing "restart" asks "Restart the conversation?" with Yes / No first;
// a reply button or list row picks a choice; an image or document is downloaded (the media URL)
// and stored as a chat upload with the web's type rules; a shared location answers
// 'latitude,longitude'; a voice note is transcribed when speech is configured. WA_NUMBER is the
// guest's number, as received.
import {
  CANNOT_LISTEN,
  FILE_REFUSED,
  parsePick,
  renderWhatsApp,
  renderWithDelays,
  RESTART_NO,
  RESTART_QUESTION,
  RESTART_YES,
  whatsAppPause,
} from '../../../src/core/channels/index.js';
import type { SpeechPort } from '../../adapters/llm-port.js';
import type { Config } from '../../config.js';
import { MAX_CHAT_FILE_BYTES, saveChatFile } from '../../conversations/chat-files.js';
import type { ChannelBot } from '../channel-bot.js';
import type { ChannelAdapter, Interpreted } from '../channel-adapter.js';
import { whatsappMedia, whatsappSend, type WhatsAppApi } from './api.js';

/** One message of a webhook's `value.messages`, as documented for the Cloud API. */
export interface WhatsAppIncoming {
  from: string;
  id: string;
  type: string;
  text?: { body?: string };
  interactive?: {
    type?: string;
    button_reply?: { id?: string; title?: string };
    list_reply?: { id?: string; title?: string };
  };
  button?: { text?: string; payload?: string };
  location?: { latitude?: number; longitude?: number };
  image?: { id?: string; mime_type?: string };
  document?: { id?: string; filename?: string };
  audio?: { id?: string; mime_type?: string };
  voice?: { id?: string; mime_type?: string };
}

export const RESTART_YES_ID = 'restart:yes';
export const RESTART_NO_ID = 'restart:no';

/** WhatsApp sends images as JPEG or PNG (its mime_type says which); the name follows it. */
const photoName = (mimeType = '') => (/^image\/png\b/i.test(mimeType) ? 'photo.png' : 'photo.jpg');

const isWord = (text: string, word: string) => text.trim().toLowerCase() === word.toLowerCase();

export function whatsappAdapter(config: Config, speech: SpeechPort): ChannelAdapter {
  const apiOf = (bot: ChannelBot): WhatsAppApi => ({
    base: config.whatsappApiBase,
    phoneNumberId: bot.whatsappPhoneId,
    token: bot.whatsappToken,
  });
  const say = (to: string, body: string) => [
    {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'text',
      text: { preview_url: false, body },
    },
  ];

  async function fileInput(bot: ChannelBot, to: string, mediaId: string, name: string): Promise<Interpreted> {
    const media = await whatsappMedia(apiOf(bot), mediaId, MAX_CHAT_FILE_BYTES);
    const file = media
      ? await saveChatFile(config.dataDir, config.publicUrl, { filename: name, data: media.data })
      : null;
    return file ? { text: '', file, waNumber: to } : { text: '', direct: say(to, FILE_REFUSED) };
  }

  return {
    channel: 'whatsapp',
    async interpret(bot, payload, state) {
      const message = payload as WhatsAppIncoming;
      const from = message.from;
      const base = { waNumber: from };
      const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
      if (reply) {
        const id = reply.id ?? '';
        if (id === RESTART_YES_ID || id === RESTART_NO_ID)
          return { ...base, text: '', restartAnswer: id === RESTART_YES_ID };
        return { ...base, text: reply.title ?? '', pick: parsePick(id) };
      }
      if (message.location?.latitude !== undefined && message.location.longitude !== undefined)
        return { ...base, text: `${message.location.latitude},${message.location.longitude}` };
      if (message.image?.id)
        return fileInput(bot, from, message.image.id, photoName(message.image.mime_type));
      if (message.document?.id)
        return fileInput(bot, from, message.document.id, message.document.filename ?? 'document');
      const voice = message.voice ?? message.audio;
      if (voice?.id) {
        if (!speech.configured) return { ...base, text: '', direct: say(from, CANNOT_LISTEN) };
        const media = await whatsappMedia(apiOf(bot), voice.id, MAX_CHAT_FILE_BYTES);
        if (!media) return { ...base, text: '', direct: say(from, CANNOT_LISTEN) };
        const heard = await speech.transcribe(
          { data: media.data, filename: 'voice.ogg', mimetype: voice.mime_type ?? media.mimeType },
          bot.languages[0] ?? 'en',
        );
        return { ...base, text: heard };
      }
      const text = message.text?.body ?? message.button?.text ?? '';
      if (state.confirmRestart && (isWord(text, RESTART_YES) || isWord(text, RESTART_NO)))
        return { ...base, text: '', restartAnswer: isWord(text, RESTART_YES) };
      if (isWord(text, 'restart')) return { ...base, text: '', askRestart: true };
      if (message.type !== 'text' && !text) return { ...base, text: '', ignore: true };
      return { ...base, text };
    },
    render(replies, chatId, language) {
      // A delay in the flow waits between the messages (src/core/channels/delays.ts).
      return renderWithDelays(
        replies,
        (segment) => {
          const { messages, followUp } = renderWhatsApp(segment, chatId, config.publicUrl, language);
          return { bodies: messages, followUp };
        },
        whatsAppPause,
      );
    },
    restartQuestion(to) {
      const buttons = [
        { type: 'reply', reply: { id: RESTART_YES_ID, title: RESTART_YES } },
        { type: 'reply', reply: { id: RESTART_NO_ID, title: RESTART_NO } },
      ];
      return [
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          type: 'interactive',
          interactive: { type: 'button', body: { text: RESTART_QUESTION }, action: { buttons } },
        },
      ];
    },
    send: (bot, _to, body) => whatsappSend(apiOf(bot), body),
  };
}
