// Spec 3 §7 "Parent-page messaging": the loader on the host page and the chat in its iframe talk
// through postMessage. Every message carries a requester tag naming who sent it, so each side
// ignores its own echoes and anything else on the page that uses postMessage.

export const PARENT_EVENTS = [
  'getTheme',
  'initCustomChat',
  'selectCourseEvent',
  'updateCustomEnvVariables',
  'initChat',
  'chat',
  'restart',
  'open',
  'close',
  'restore',
  'getGeoLocation',
  'customAction',
  'theme',
  'runAgentInstantCall',
  'stopPermissions',
  'call',
  'notify',
  // Not in the spec's list: browsers may refuse storage to a third-party frame (Safari, Brave,
  // Chromium with third-party storage blocked), so the chat keeps its few values (guest id,
  // speaker, light/dark) in the host page's storage, through the loader.
  'store',
] as const;

export type ParentEvent = (typeof PARENT_EVENTS)[number];

/** Sent by the loader (host page) / by the chat (iframe). */
export const HOST_REQUESTER = 'botflow-host';
export const CHAT_REQUESTER = 'botflow-chat';
export type Requester = typeof HOST_REQUESTER | typeof CHAT_REQUESTER;

export interface WidgetMessage<D = unknown> {
  requester: Requester;
  event: ParentEvent;
  botId: string;
  /** Pairs an answer with its question (getGeoLocation, updateCustomEnvVariables). */
  id?: number;
  data?: D;
}

const EVENTS: ReadonlySet<string> = new Set(PARENT_EVENTS);

/** The message if it is one of ours from `requester` about `botId`, else null. */
export function readWidgetMessage(data: unknown, requester: Requester, botId: string): WidgetMessage | null {
  if (!data || typeof data !== 'object') return null;
  const message = data as Partial<WidgetMessage>;
  if (message.requester !== requester || message.botId !== botId) return null;
  return typeof message.event === 'string' && EVENTS.has(message.event) ? (message as WidgetMessage) : null;
}

/** What the host page hands the chat when it starts (answer to the chat's initChat). */
export interface InitChatData {
  /** The host page's address: the chat's calls carry it for the server's origin check. */
  page: string;
  customVariables?: Record<string, unknown>;
  courseId?: number | null;
  themeMode?: 'light' | 'dark';
  language?: string;
  /** The chat's values kept in the host page's storage (see 'store'). */
  storage?: Record<string, string>;
}

/** A value the chat asks the host page to keep (null: forget it). */
export interface StoreData {
  key: string;
  value: string | null;
}
