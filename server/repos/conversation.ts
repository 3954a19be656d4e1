// A guest's conversation: stored turn by turn (one row per turn holds the messages it added, see
// migration 007) and read back message by message, the way the client shows it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database>;

/** A message as a turn stores it: what the client reads (payload), and its content per language. */
export interface TurnMessage {
  sender: 'bot' | 'user';
  payload: { type: string; content: unknown } & Record<string, unknown>;
  translations?: Record<string, unknown>;
  languageCode: string;
}

/** A message as the client reads it (spec 3 §3 Conversation message). */
export interface ConversationMessage extends Record<string, unknown> {
  id: number;
  type: string;
  from: 'bot' | 'user';
  content: unknown;
  date: string;
  language_code: string;
  disabled: boolean;
}

/** Buttons that stop reacting once the guest has said anything after them (spec 3 §4). */
const ANSWERABLE = new Set(['choices', 'choices-message', 'wizard']);

interface Said {
  message: TurnMessage;
  seq: number;
  date: string;
}

async function readMessages(db: Db, guestId: string): Promise<Said[]> {
  const turns = await db
    .selectFrom('conversation_turns')
    .select(['seq', 'messages', 'created_at'])
    .where('guest_id', '=', guestId)
    .orderBy('seq')
    .execute();
  return turns.flatMap((turn) => {
    const date = new Date(turn.created_at).toISOString();
    const messages = JSON.parse(turn.messages) as TurnMessage[];
    return messages.map((message, i) => ({ message, seq: turn.seq + i, date }));
  });
}

/**
 * The guest's conversation, oldest first. A choices message (and its options message, and a
 * wizard question) is disabled once a guest message follows it. With `languageCode`, every
 * message that was said in several languages is given in that one (PUT /api/language).
 */
export async function readConversation(db: Db, guestId: string, languageCode?: string) {
  const said = await readMessages(db, guestId);
  let answered = false;
  const conversation: ConversationMessage[] = [];
  for (let i = said.length - 1; i >= 0; i--) {
    const { message: stored, seq, date } = said[i];
    const { sender, payload } = stored;
    const message: ConversationMessage = {
      ...payload,
      id: seq,
      type: payload.type,
      from: sender,
      content: payload.content,
      date,
      language_code: stored.languageCode,
      disabled: sender === 'bot' && answered && ANSWERABLE.has(payload.type),
    };
    if (sender === 'user') answered = true;
    const translated = languageCode ? stored.translations?.[languageCode] : undefined;
    if (translated !== undefined) {
      message.content = translated;
      message.language_code = languageCode!;
    }
    conversation.push(message);
  }
  return conversation.reverse();
}
