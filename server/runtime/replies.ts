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
// | wizard            | the step's question (feedback sentence)   | field: { type, attr, options? } — options are ChoiceButton[] for options and bool steps |
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
// chat should send it back as `language` on the next call. `old_conversation` is filled only for
// the opener (ignore_saving) of a returning guest: the stored messages, each with id, type, from,
// content, date, language_code and disabled (true for choices, their options message and wizard
// questions once the guest has said something after them).

/** A button of a choice node (or of a wizard's options / bool step). */
export interface ChoiceButton {
  id: number | string;
  label: string;
}

export interface CarouselImage {
  url: string;
}

/** A file the guest uploaded, as stored by the server. */
export interface GuestFile {
  name: string;
  url: string;
  /** Mime type read from the file's first bytes. */
  type: string;
  size: number;
}

export interface CallProvider {
  id: string;
  name: string;
  endpoint: string | null;
  profile_id: string | null;
}

export interface CallInfo {
  callerName: string;
  subject: string;
  description: string;
}

export interface WizardField {
  type: string;
  attr: string;
  options?: ChoiceButton[];
}

export type Reply =
  | { type: 'text' | 'choices-message' | 'ai'; content: string }
  | { type: 'choices'; content: ChoiceButton[]; disabled?: boolean }
  | { type: 'image' | 'image-link'; content: string; title: string }
  | { type: 'video-link'; content: string; title: string; embedUrl: string | null }
  | { type: 'image-carousel'; content: CarouselImage[]; title: string }
  | { type: 'file'; content: GuestFile }
  | { type: 'api'; content: string; status: number }
  | { type: 'wizard'; content: string; field: WizardField }
  | { type: 'delay'; content: ''; seconds: number }
  | { type: 'input'; content: ''; input: 'file' | 'password' }
  | { type: 'device-permission'; content: ''; request: 'geolocation' }
  | {
      type: 'realtime-ai';
      content: '';
      prompt: string;
      waitForUserInteraction: boolean;
      hideAIResponse: boolean;
    }
  | { type: 'call'; content: string; provider: CallProvider | null; callInfo: CallInfo };

export type ReplyType = Reply['type'];

/**
 * A reply as the runtime produces it: the reply itself, plus its content in every language the
 * node has text for, so the stored conversation can be re-rendered when the guest switches
 * language (PUT /api/language) exactly as it was said, variables included.
 */
export type RenderedReply = Reply & { translations?: Record<string, unknown>; languageCode?: string };

/** Replies that steer the widget and are not part of the conversation (spec 3 §4). */
const NOT_KEPT: ReadonlySet<ReplyType> = new Set(['delay', 'input', 'device-permission', 'realtime-ai']);

export function isKeptInConversation(reply: Reply): boolean {
  return !NOT_KEPT.has(reply.type);
}

/** The reply as the client receives it (without the stored translations). */
export function wireReply(reply: RenderedReply): Reply {
  const { translations: _translations, languageCode: _languageCode, ...rest } = reply;
  return rest as Reply;
}

/** What the guest sends to end a realtime AI session or a call (spec 3 §4). */
export const REALTIME_AI_ENDED = 'REALTIME_AI_ENDED';
export const CALL_ENDED = 'CALL_ENDED';
/** What the widget sends when the browser refuses the location (spec 3 §4 Geolocation). */
export const UNKNOWN_LOCATION = 'unknown,unknown';
