// The chat-completion messages of one realtime AI turn: the node's prompt as the AI's
// instructions, a few rules for speaking rather than writing, the knowledge passages the
// retriever found for what the guest said (fresh each turn, never kept), the turns so far and
// the guest's new words.
import type { ChatMessage } from '../../runtime/ports.js';

export const VOICE_RULES =
  'You are talking with the user by voice, in real time. Answer in a few short spoken sentences: ' +
  'no lists, headings, markdown, links or emoji.';

/** Said on the guest's behalf when the AI speaks first ("wait for the user to speak first" off). */
export const OPENING_CUE = '(The voice call has just started. Greet the user and begin.)';

export interface VoiceTurn {
  /** The realtime-ai node's prompt in the guest's language, placeholders filled. */
  instructions: string;
  /** The conversation's language code: the AI answers in it unless the guest speaks another. */
  language: string;
  passages: readonly string[];
  history: readonly ChatMessage[];
  /** The guest's words (or the opening cue). */
  said: string;
}

export function voiceMessages(turn: VoiceTurn): ChatMessage[] {
  const parts = [
    turn.instructions.trim(),
    VOICE_RULES,
    `The conversation's language code is "${turn.language}".`,
  ];
  if (turn.passages.length) {
    const sources = turn.passages.map((p, i) => `[${i + 1}] ${p}`).join('\n\n');
    parts.push(`Answer from these passages when they are relevant:\n\n${sources}`);
  }
  return [
    { role: 'system', content: parts.filter(Boolean).join('\n\n') },
    ...turn.history,
    { role: 'user', content: turn.said },
  ];
}
