// What a chat channel (Telegram, WhatsApp) gives the conversation drain: how to read a stored
// update, how the runtime's replies look there, and how to send one message within its limits.
import type { Pick } from '../../src/core/channels/index.js';
import type { ConverseInput } from '../conversations/chat-service.js';
import type { Reply as ChatReply } from '../runtime/replies.js';
import type { ChannelBot } from './channel-bot.js';
import type { ChatState, ChannelKind } from './store.js';

/** What a stored update asks for, once the channel has read it. */
export interface Interpreted {
  /** Nothing to answer (a status, an unsupported update). */
  ignore?: boolean;
  text: string;
  /** A pressed button (its data), resolved against the choices last offered. */
  pick?: Pick | null;
  file?: ConverseInput['file'];
  restart?: boolean;
  /** "restart" typed on a channel that confirms it first. */
  askRestart?: boolean;
  /** A Yes / No answer to "Restart the conversation?". */
  restartAnswer?: boolean | null;
  language?: string | null;
  waNumber?: string;
  /** Messages the channel answers without a turn (a file it refused, a voice note). */
  direct?: unknown[];
  /** Runs after the turn (e.g. deleting a password the guest typed). */
  after?: (answer: { secretInput?: boolean }) => Promise<void>;
}

export interface ChannelAdapter {
  channel: ChannelKind;
  interpret(bot: ChannelBot, update: unknown, state: ChatState): Promise<Interpreted>;
  render(
    replies: ChatReply[],
    chatId: string,
    language: string,
  ): { bodies: unknown[]; followUp: string | null };
  /** The question "Restart the conversation?" with Yes / No, for channels that confirm. */
  restartQuestion?(chatId: string): unknown[];
  send(bot: ChannelBot, chatId: string, body: unknown): Promise<string | null>;
  /**
   * Waits until the channel's rate limits let a message to the chat go (and counts it); throws
   * RetryLaterError when that is further away than a moment (the message stays queued).
   */
  beforeSend?(bot: ChannelBot, chatId: string): Promise<void>;
}
