// A guest's session with one bot: where the guest is in the flow, what the flow has learnt
// (variables), the language and the template calls to return from. It is plain JSON so it is
// stored as one column and survives a restart; the conversation itself is stored message by
// message beside it (server/repos/guests.ts).
import type { GuestFile } from './replies.js';

/** Where a channel runs the conversation (the ENVIRONMENT predefined variable, spec 2 §9). */
export type Environment = 'web' | 'whatsapp' | 'telegram';

/** What the node the guest is waiting at needs to resume. */
export type WaitState =
  /** A basic node's variable entry waits for typed input. */
  | { kind: 'variable'; entry: number }
  | { kind: 'choice' }
  /** A wizard: the iteration and field being asked, the answers so far. */
  | {
      kind: 'wizard';
      iteration: number;
      field: number;
      answers: Record<string, unknown>[];
      current: Record<string, unknown>;
    }
  | { kind: 'ai-query' }
  | { kind: 'realtime-ai' }
  /**
   * A call node: the widget places the call through the call-provider relay, which reaches only
   * this provider and only while the guest waits here (null: the node named no provider).
   */
  | { kind: 'call'; providerId?: string | null }
  | { kind: 'device-permission' };

/** A node the guest is waiting at, in a flow named by its name (main or a template). */
export interface Cursor {
  flow: string;
  node: string;
  wait: WaitState;
}

/** A flow-template node whose template is running: the flow goes on from its slots afterwards. */
export interface ReturnPoint {
  flow: string;
  node: string;
}

export interface GuestEnv {
  ENVIRONMENT: Environment;
  ENV_COURSE_ID: number | null;
  WA_NUMBER: string;
  /** The host page's custom_env_variables. */
  custom: Record<string, unknown>;
}

export interface GuestSession {
  /** The flow a new run starts in: main, or the template the emulator runs (target_template). */
  flow: string;
  /** Where the guest is waiting; null before the flow starts and after it ended. */
  at: Cursor | null;
  stack: ReturnPoint[];
  variables: Record<string, unknown>;
  /** The language code the bot speaks now. */
  language: string;
  /** Set by a language-changer node that remembers it, or by the guest's own choice. */
  preferredLanguage: string | null;
  /**
   * A language-changer node or the guest chose `language` (absent in sessions stored before it
   * was kept): from then on a language sent with a message no longer changes it.
   */
  languageChosen?: boolean;
  env: GuestEnv;
  lastInput: string;
  aiQuery: string;
  /** Messages stored so far: the next message's sequence number. */
  messageCount: number;
}

/** What the guest sent this turn. */
export interface TurnInput {
  text: string;
  file?: GuestFile | null;
}

export function newSession(flow: string, language: string, env: Partial<GuestEnv> = {}): GuestSession {
  return {
    flow,
    at: null,
    stack: [],
    variables: {},
    language,
    preferredLanguage: null,
    languageChosen: false,
    env: { ENVIRONMENT: 'web', ENV_COURSE_ID: null, WA_NUMBER: '', custom: {}, ...env },
    lastInput: '',
    aiQuery: '',
    messageCount: 0,
  };
}

/**
 * Everything a condition or a `${{name}}` placeholder can read: the host page's variables, then
 * the flow's own, then the predefined ones (spec 2 §9), which nothing can shadow.
 */
export function sessionScope(session: GuestSession): Record<string, unknown> {
  return {
    ...session.env.custom,
    ...session.variables,
    ENVIRONMENT: session.env.ENVIRONMENT,
    ENV_COURSE_ID: session.env.ENV_COURSE_ID,
    USER_LAST_INPUT: session.lastInput,
    USER_AI_QUERY: session.aiQuery,
    WA_NUMBER: session.env.WA_NUMBER,
  };
}
