// What the bot answers in one turn: a list of replies, shown one by one by the widget (spec 3 §4
// "Bot replies"). Every reply has a `type` (the message types of spec 3 §3) and a `content`; some
// carry the extra fields of spec 3 §3 "Reply" (seconds, input, request, provider, callInfo,
// prompt). The widget, the emulator and the channels render these shapes, so they are the
// runtime's public contract:
//
// | type              | content                                   | extra fields                          |
// |-------------------|-------------------------------------------|---------------------------------------|
// | text              | string; may hold HTML and `[[written:spoken]]` pairs (the widget shows the written part and speaks the spoken one) | |
// | choices-message   | the choice node's options message (HTML)  |                                       |
// | choices           | ChoiceButton[] (id = slot id, label)      | disabled (true once answered, in the stored conversation) |
// | image             | image URL (an uploaded image)             | title                                 |
// | image-link        | image URL (from the web)                  | title                                 |
// | video-link        | the link as written                       | title, embedUrl (privacy-enhanced YouTube player) or null |
// | image-carousel    | CarouselImage[]                           | title                                 |
// | file              | GuestFile (a file the guest uploaded)     |                                       |
// | api               | the response body as text                 | status (HTTP status code)             |
// | ai                | the AI's answer as text                   |                                       |
// | wizard            | the step's question (feedback sentence)   | field: { type, attr, options? } — options are ChoiceButton[] for options and bool steps; progress: { pass, of } when the wizard repeats ("2 of 3"); a password step is followed by an input reply |
// | delay             | ''                                        | seconds — the widget waits that long  |
// | input             | ''                                        | input: 'file' or 'password' — the chat input switches mode |
// | device-permission | ''                                        | request: 'geolocation' — the widget asks the browser and sends 'latitude,longitude' or 'unknown,unknown' |
// | realtime-ai       | ''                                        | prompt, waitForUserInteraction, hideAIResponse — the widget sends REALTIME_AI_ENDED when done |
// | call              | the call node's waiting message           | provider (CallProvider or null), callInfo — the widget sends CALL_ENDED when done |
//
// delay, input, device-permission and realtime-ai replies steer the widget and are not kept in
// the conversation (spec 3 §4).
//
// POST /api/chat answers `{ success, guest_id, reply, old_conversation, language }`: each reply
// also carries `from: 'bot'`, `language_code`, `date` (ISO) and, when it is kept in the
// conversation, `id` (its sequence number in the guest's conversation). `language` is the
// language the bot speaks after the turn (a language-changer node may have switched it): the
// chat's language select shows it. The chat sends `language` only for a pick of the guest's the
// server has not heard yet; it never undoes a language the flow or the guest chose. `old_conversation` is filled only for
// the opener (ignore_saving) of a returning guest: the stored messages, each with id, type, from,
// content, date, language_code and disabled (true for choices, their options message and wizard
// questions once the guest has said something after them).

// The shapes live in src/core/widget/replies.ts, the one source both the chat and the server read.
import { STEERING_REPLY_TYPES, type ChatReply, type ChatReplyType } from '../../src/core/widget/replies.js';

export type {
  CallInfo,
  CallProvider,
  CarouselImage,
  ChoiceButton,
  GuestFile,
  WizardField,
} from '../../src/core/widget/replies.js';
export { CALL_ENDED, REALTIME_AI_ENDED, UNKNOWN_LOCATION } from '../../src/core/widget/replies.js';

export type Reply = ChatReply;
export type ReplyType = ChatReplyType;

/**
 * A reply as the runtime produces it: the reply itself, plus its content in every language the
 * node has text for, so the stored conversation can be re-rendered when the guest switches
 * language (PUT /api/language) exactly as it was said, variables included.
 */
export type RenderedReply = Reply & { translations?: Record<string, unknown>; languageCode?: string };

/** Replies that steer the widget are not part of the conversation (spec 3 §4). */
export function isKeptInConversation(reply: Reply): boolean {
  return !STEERING_REPLY_TYPES.has(reply.type);
}

/** The reply as the client receives it (without the stored translations). */
export function wireReply(reply: RenderedReply): Reply {
  const { translations: _translations, languageCode: _languageCode, ...rest } = reply;
  return rest as Reply;
}
