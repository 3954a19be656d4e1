// The bot's replies as the chat receives them from POST /api/chat: the chat reads them here, and the
// server's runtime imports them (server/runtime/replies.ts documents what each type carries).

// The shapes are inferred from the contract's schemas (src/core/api/chat-replies.ts); the import is
// type-only, so the widget's bundle gets no zod for them.
export type {
  CallInfo,
  CallProvider,
  CarouselImage,
  ChatReply,
  ChoiceButton,
  Citation,
  GuestFile,
  WizardField,
  WizardProgress,
} from '../api/chat-replies';
import type { ChatReply } from '../api/chat-replies';

export type ChatReplyType = ChatReply['type'];
export type ReplyOf<T extends ChatReplyType> = Extract<ChatReply, { type: T }>;

/** Replies that steer the chat and never appear in the conversation (spec 3 §4). */
export const STEERING_REPLY_TYPES: ReadonlySet<ChatReplyType> = new Set([
  'delay',
  'input',
  'device-permission',
  'realtime-ai',
]);

/** What the guest sends to end a realtime AI session or a call, and when no location is known. */
export const REALTIME_AI_ENDED = 'REALTIME_AI_ENDED';
export const CALL_ENDED = 'CALL_ENDED';
export const UNKNOWN_LOCATION = 'unknown,unknown';
