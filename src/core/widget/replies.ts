// The bot's replies as the chat receives them from POST /api/chat. This is the one source of these
// shapes: the chat reads them here, and the server's runtime imports them (server/runtime/replies.ts
// documents what each type carries).

export interface ChoiceButton {
  id: number | string;
  label: string;
}

export interface CarouselImage {
  url: string;
}

export interface GuestFile {
  name: string;
  url: string;
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

/** A repeating wizard's pass: shown as "pass of of" ("2 of 3") in the question (src/core/wizard). */
export interface WizardProgress {
  /** This pass's number. */
  pass: number;
  /** The last pass's number. */
  of: number;
}

export interface WizardField {
  type: string;
  attr: string;
  options?: ChoiceButton[];
}

/** A knowledge source an AI answer drew on (issue 17): shown under the answer. */
export interface Citation {
  /** The source's number in the prompt ([1], [2], …). */
  n: number;
  kind: 'file' | 'link' | 'video';
  name: string;
  url?: string;
  page?: number;
}

export type ChatReply =
  | { type: 'text' | 'choices-message'; content: string }
  /** An AI answer; with knowledge sources, the sources it was given, numbered as in the prompt. */
  | { type: 'ai'; content: string; citations?: Citation[] }
  | { type: 'choices'; content: ChoiceButton[]; disabled?: boolean }
  | { type: 'image' | 'image-link'; content: string; title: string }
  | { type: 'video-link'; content: string; title: string; embedUrl: string | null }
  | { type: 'image-carousel'; content: CarouselImage[]; title: string }
  | { type: 'file'; content: GuestFile }
  | { type: 'api'; content: string; status: number }
  | { type: 'wizard'; content: string; field: WizardField; progress?: WizardProgress }
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
