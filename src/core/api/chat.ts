// The contract of the guest's chat routes: /api/chat, /api/ping, /api/custom_variables,
// /api/language, /api/tts, /api/stt and /api/realtime (spec 3 §7).
import { z } from 'zod';
import { chatReply } from './chat-replies';

export { chatReply };

/** A message of the conversation so far, as a returning guest's chat redraws it. */
export const conversationMessage = z.looseObject({
  id: z.number(),
  type: z.string(),
  from: z.enum(['bot', 'user']),
  content: z.unknown(),
  date: z.string(),
  language_code: z.string(),
  disabled: z.boolean(),
});

/** POST /api/chat */
export const chatAnswer = z.object({
  success: z.boolean(),
  guest_id: z.string(),
  reply: z.array(chatReply),
  old_conversation: z.array(conversationMessage),
  language: z.string(),
});
export type ChatAnswer = z.infer<typeof chatAnswer>;

/** POST /api/ping/:guestId and /api/custom_variables/:guestId */
export const guestAnswer = z.object({ success: z.boolean() });

/** PUT /api/language/:guestId/:languageId: the conversation re-rendered in that language. */
export const languageAnswer = z.object({
  success: z.boolean(),
  language: z.string(),
  conversation: z.array(conversationMessage),
});
export type LanguageAnswer = z.infer<typeof languageAnswer>;

/** POST /api/tts: the spoken text as base64 audio. */
export const ttsAnswer = z.object({ success: z.boolean(), base64: z.string() });
export type TtsAnswer = z.infer<typeof ttsAnswer>;

/** POST /api/stt */
export const sttAnswer = z.object({ success: z.boolean(), transcript: z.string() });
export type SttAnswer = z.infer<typeof sttAnswer>;

/** POST /api/realtime/:guestId(/start): the AI's answer, or null when it waits for the guest. */
export const realtimeReplyAnswer = z.object({ success: z.boolean(), reply: z.string().nullable() });
export type RealtimeReplyAnswer = z.infer<typeof realtimeReplyAnswer>;

/** Far more than anyone says in one breath, far less than a flood. */
export const MAX_SPOKEN_TEXT = 2000;

/** /api/realtime/:guestId… */
export const realtimePath = z.object({ guestId: z.string().min(1).max(64) });
/** POST /api/realtime/:guestId: what the guest said. */
export const realtimeTurnRequest = z.object({
  // No wording of its own for a missing text: the errors plugin says "text is required".
  text: z
    .string()
    .trim()
    .min(1, { error: 'text is required' })
    .max(MAX_SPOKEN_TEXT, { error: `text must be at most ${MAX_SPOKEN_TEXT} characters` }),
});

/** /api/call-provider/:guestId/*: the guest and the call API path relayed to the provider. */
export const callRelayPath = z.object({
  guestId: z.string().min(1).max(64),
  '*': z.string().max(300),
});
/** The call API's JSON body, relayed as it is. */
export const callRelayRequest = z.record(z.string(), z.unknown()).optional();
