// The conversation as the chat shows it (spec 3 §3 "Conversation message"): the bot's replies and
// the guest's messages, each with who said it, when, in which language and whether it still reacts.
import { STEERING_REPLY_TYPES, type ChatReply } from './replies';

export interface MessageMeta {
  id: string;
  from: 'bot' | 'user';
  /** Epoch milliseconds. */
  date: number;
  language_code: string;
  /** Choices and wizard buttons stop reacting once answered. */
  disabled: boolean;
  /** Made in this browser (not read back from the server's stored conversation). */
  local: boolean;
}

export type UserMessage =
  | { type: 'text'; content: string }
  | { type: 'file'; content: { name: string; url: string; type: string; size: number } };

export type ConversationMessage = (ChatReply | UserMessage) & MessageMeta;

/** Whether a reply becomes a message in the conversation (spec 3 §4 "Bot replies"). */
export function isShownReply(reply: ChatReply): boolean {
  return !STEERING_REPLY_TYPES.has(reply.type);
}

/**
 * A choice was made: every choices message still waiting is disabled, and so is the message just
 * before it (the options text). A wizard's option buttons are disabled the same way, alone.
 */
export function disableAnswered(messages: readonly ConversationMessage[]): ConversationMessage[] {
  const disable = new Set<number>();
  messages.forEach((message, index) => {
    if (message.disabled || message.from !== 'bot') return;
    if (message.type === 'choices') {
      disable.add(index);
      if (index > 0) disable.add(index - 1);
    } else if (message.type === 'wizard' && message.field.options?.length) {
      disable.add(index);
    }
  });
  if (!disable.size) return messages as ConversationMessage[];
  return messages.map((message, index) => (disable.has(index) ? { ...message, disabled: true } : message));
}

/** Reads the server's stored conversation (old_conversation, PUT /api/language) leniently. */
export function readStoredMessages(items: unknown, fallbackLanguage: string): ConversationMessage[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item, index): ConversationMessage[] => {
    if (!item || typeof item !== 'object') return [];
    const record = item as Record<string, unknown>;
    if (typeof record.type !== 'string' || STEERING_REPLY_TYPES.has(record.type as ChatReply['type']))
      return [];
    const date = typeof record.date === 'number' ? record.date : Date.parse(String(record.date ?? ''));
    return [
      {
        ...(record as unknown as ChatReply),
        id: String(record.id ?? `stored-${index}`),
        from: record.from === 'user' ? 'user' : 'bot',
        date: Number.isFinite(date) ? date : 0,
        language_code: typeof record.language_code === 'string' ? record.language_code : fallbackLanguage,
        disabled: record.disabled === true || record.disabled === 1,
        local: false,
      },
    ];
  });
}

/**
 * A language switch re-renders the conversation: each stored message the server sent back in the
 * new language (matched by id) takes its new content and language; the others stay as they were.
 */
export function applyTranslations(
  messages: readonly ConversationMessage[],
  translated: readonly { id: unknown; content: unknown; language_code?: unknown }[],
): ConversationMessage[] {
  const byId = new Map(translated.map((item) => [String(item.id), item]));
  return messages.map((message) => {
    const update = byId.get(message.id);
    if (!update || update.content === undefined) return message;
    const language = typeof update.language_code === 'string' ? update.language_code : message.language_code;
    return { ...message, content: update.content, language_code: language } as ConversationMessage;
  });
}
