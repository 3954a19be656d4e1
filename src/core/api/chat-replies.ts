// The bot's replies as the chat receives them from POST /api/chat (spec 3 §3 "Reply", §4 "Bot
// replies"): one schema per reply type, with exactly the fields that type carries. The types the
// chat, the emulator and the server's runtime use are inferred from these (src/core/widget/
// replies.ts re-exports them), so what the server answers and what the chat reads are one shape.
// server/runtime/replies.ts tells what each field means.
import { z } from 'zod';

export const choiceButton = z.object({ id: z.union([z.number(), z.string()]), label: z.string() });
export type ChoiceButton = z.infer<typeof choiceButton>;

export const carouselImage = z.object({ url: z.string() });
export type CarouselImage = z.infer<typeof carouselImage>;

/** A file the guest uploaded. */
export const guestFile = z.object({ name: z.string(), url: z.string(), type: z.string(), size: z.number() });
export type GuestFile = z.infer<typeof guestFile>;

/** The call node's provider, without its access token. */
export const callProvider = z.object({
  id: z.string(),
  name: z.string(),
  endpoint: z.string().nullable(),
  profile_id: z.string().nullable(),
});
export type CallProvider = z.infer<typeof callProvider>;

export const callInfo = z.object({ callerName: z.string(), subject: z.string(), description: z.string() });
export type CallInfo = z.infer<typeof callInfo>;

/** A repeating wizard's pass: shown as "pass of of" ("2 of 3") in the question (src/core/wizard). */
export const wizardProgress = z.object({
  /** This pass's number. */
  pass: z.number(),
  /** The last pass's number. */
  of: z.number(),
});
export type WizardProgress = z.infer<typeof wizardProgress>;

export const wizardField = z.object({
  type: z.string(),
  attr: z.string(),
  options: z.array(choiceButton).optional(),
});
export type WizardField = z.infer<typeof wizardField>;

/** A knowledge source an AI answer drew on (issue 17): shown under the answer. */
export const citation = z.object({
  /** The source's number in the prompt ([1], [2], …). */
  n: z.number(),
  kind: z.enum(['file', 'link', 'video']),
  name: z.string(),
  url: z.string().optional(),
  page: z.number().optional(),
});
export type Citation = z.infer<typeof citation>;

const reply = <const T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), ...shape });

/** One reply of the bot, by type (the `type` tells which fields come with `content`). */
export const botReply = z.discriminatedUnion('type', [
  reply('text', { content: z.string() }),
  reply('choices-message', { content: z.string() }),
  /** With knowledge sources, the sources it was given, numbered as in the prompt. */
  reply('ai', { content: z.string(), citations: z.array(citation).optional() }),
  reply('choices', { content: z.array(choiceButton), disabled: z.boolean().optional() }),
  reply('image', { content: z.string(), title: z.string() }),
  reply('image-link', { content: z.string(), title: z.string() }),
  reply('video-link', { content: z.string(), title: z.string(), embedUrl: z.string().nullable() }),
  reply('image-carousel', { content: z.array(carouselImage), title: z.string() }),
  reply('file', { content: guestFile }),
  reply('api', { content: z.string(), status: z.number() }),
  reply('wizard', { content: z.string(), field: wizardField, progress: wizardProgress.optional() }),
  reply('delay', { content: z.literal(''), seconds: z.number() }),
  reply('input', { content: z.literal(''), input: z.enum(['file', 'password']) }),
  reply('device-permission', { content: z.literal(''), request: z.literal('geolocation') }),
  reply('realtime-ai', {
    content: z.literal(''),
    prompt: z.string(),
    waitForUserInteraction: z.boolean(),
    hideAIResponse: z.boolean(),
  }),
  reply('call', { content: z.string(), provider: callProvider.nullable(), callInfo }),
]);
export type ChatReply = z.infer<typeof botReply>;

/** What every reply of an answer carries beside its own fields. */
export const replyStamp = z.object({
  from: z.literal('bot'),
  language_code: z.string(),
  /** The stored message's id, when the turn was saved (steering replies are not). */
  id: z.number().optional(),
  /** When it was said (ISO). */
  date: z.string(),
});

/** One reply as POST /api/chat answers it: the reply and its stamp. */
export const chatReply = z.intersection(botReply, replyStamp);
export type StampedChatReply = z.infer<typeof chatReply>;
