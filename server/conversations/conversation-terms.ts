// What a turn of any channel is given and answers (the words of `converse`), and the refusals
// the errors plugin turns into `{ success: false, message }`: kept apart from ChatService so the
// channels read the vocabulary without the service's machinery.
import type { StampedChatReply } from '../../src/core/api/chat-replies.js';
import type { SpeechPort } from '../adapters/llm-port.js';
import type { ConversationMessage } from '../repos/conversation.js';
import type { ChannelChat } from '../repos/guests.js';
import type { RuntimePorts } from '../runtime/ports.js';
import type { GuestFile } from '../runtime/replies.js';
import type { Environment } from '../runtime/session.js';
import type { ChatBot } from './chat-bot.js';

export const MAIN_FLOW = 'main';

/** A refusal the errors plugin answers as `{ success: false, message }` with this status. */
export class ChatError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const GUEST_NOT_FOUND = 'Guest not found';
export const NO_FLOW = 'This bot has no published flow yet';
export const TURN_CONFLICT = 'This conversation changed in another window. Please send your message again.';

/** The bot a turn talks to: its id, the flow to run, and who may chat with it. */
export interface BotRef {
  id: number;
  /** A flow template the emulator runs instead of the main flow (target_template). */
  template?: string | null;
  /**
   * Sees the bot (or null when there is none) before anything runs and throws to refuse (the web
   * checks the caller's site; a channel already proved who it is with its secret).
   */
  authorize?: (bot: ChatBot | null) => Promise<void>;
}

/** The guest a turn is for: a web guest by the id its client keeps, or a channel's chat. */
/**
 * A channel's chat may carry the guest id its caller read already (with the conversation's lease:
 * see server/channels/turn-store.ts), null when there was none yet: the turn then skips looking it
 * up. A turn that loses its version race looks it up again.
 */
export type GuestRef = { guestId: string | null } | (ChannelChat & { knownGuestId?: string | null });

/** What the guest sent, and what the caller knows about the guest. */
export interface ConverseInput {
  text: string;
  file?: GuestFile | null;
  /** A language code the guest picked, or null to keep the session's. */
  language?: string | null;
  /** The opener ('Hello' on first open): not stored, and a returning guest gets the old conversation. */
  ignoreSaving?: boolean;
  /** Start the flow again from its first node (Telegram /restart, WhatsApp "restart" confirmed). */
  restart?: boolean;
  courseId?: number | null;
  custom?: Record<string, unknown> | null;
  environment?: Environment;
  waNumber?: string;
}

/** The web chat's request, as POST /api/chat passes it to `chat`. */
export interface ChatRequest extends ConverseInput {
  guestId: string | null;
  targetTemplate: string | null;
}

/** A reply as every channel receives it: the contract's reply with its stamp (src/core/api). */
export type ChatReply = StampedChatReply;

/** What a turn answers the channel that called it (the web route words it as POST /api/chat's answer). */
export interface ConverseAnswer {
  guestId: string;
  replies: ChatReply[];
  oldConversation: ConversationMessage[];
  language: string;
  /** The guest's input was a password (a channel deletes the guest's message where it can). */
  secretInput?: boolean;
}

export type ServicePorts = Pick<RuntimePorts, 'http' | 'llm' | 'retrieval' | 'clock'> & {
  speech: SpeechPort;
};
