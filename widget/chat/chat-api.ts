// The chat's calls to the server (spec 3 §7 Chat). Two ways to be allowed in: the editor's token
// (the emulator, or the bot owner on /chat), or the widget's — the host page's address in the
// X-BotFlow-Origin header, checked by the server against the bot's origins.
import type {
  ChatAnswer as ChatContract,
  LanguageAnswer,
  RealtimeReplyAnswer,
  SttAnswer,
  TtsAnswer,
} from '../../src/core/api/chat';
import type { ServerSpeech, WidgetAnswer, WidgetBot, WidgetLanguage } from '../../src/core/api/widget';
import type { RealtimeAnswer } from '../../src/core/widget/realtime-conversation';
import type { GuestNotificationsAnswer, GuestNotificationsInput } from '../../src/core/api/notifications';

/** The editor's token (with the page, for a bot the signed-in user does not own), or the host page. */
export type ChatAuth = { kind: 'token'; token: string; page?: string } | { kind: 'widget'; page: string };

export type { ServerSpeech, WidgetBot, WidgetLanguage };

/**
 * What a call answers, typed by its route's contract (src/core/api/): the answer, or a refusal.
 * The widget reads answers by these types only — parsing them with the contract's schemas would
 * put zod in its bundle, over its weight budget.
 */
export type Answered<Answer> = (Answer & { success: true }) | { success: false; message?: string };

/** GET /api/widget/:botId, with the HTTP status (403: this page is not one of the bot's origins). */
export type WidgetInfo = Answered<WidgetAnswer> & { status: number };

export interface ChatFields {
  message: string;
  language?: string;
  ignore_saving?: boolean;
  target_template?: string;
  course_id?: number | null;
  custom_env_variables?: Record<string, unknown>;
  file?: File | null;
  guest_id?: string | null;
  /** The channel the emulator shows the bot as (the flow's ENVIRONMENT): authors only. */
  environment?: 'web' | 'whatsapp' | 'telegram';
}

/** POST /api/chat */
export type ChatAnswer = Answered<ChatContract>;

export class ChatCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface ChatClient {
  readonly botId: string;
  widgetInfo(): Promise<WidgetInfo>;
  send(fields: ChatFields, onProgress?: (fraction: number) => void): Promise<ChatAnswer>;
  ping(guestId: string): Promise<void>;
  customVariables(guestId: string, variables: Record<string, unknown>): Promise<number>;
  language(guestId: string, languageId: number): Promise<Answered<LanguageAnswer>>;
  /** Speech calls name the guest (or carry the editor's token): the server pays for them. */
  tts(text: string, lang: string, guestId: string | null): Promise<string | null>;
  stt(recording: Blob, lang: string, guestId: string | null): Promise<string | null>;
  /**
   * Where the guest's call requests go (server/routes/call-provider): the server passes them on
   * to the call node's provider with the provider's token, which the chat never holds.
   */
  callRelay(guestId: string): string;
  /** Realtime AI (server/routes/realtime): the AI's opening words, then one answer per turn. */
  realtimeStart(guestId: string): Promise<RealtimeAnswer>;
  realtimeTurn(guestId: string, text: string): Promise<RealtimeAnswer>;
  /** The guest's notification settings (issue 18); with a change, changes them first. */
  notifications(guestId: string, change?: GuestNotificationsInput): Promise<GuestNotificationsAnswer | null>;
}

async function realtimeAnswer(
  request: Promise<{ status: number; body: Answered<RealtimeReplyAnswer> | null }>,
): Promise<RealtimeAnswer> {
  const { status, body } = await request;
  if (status === 503) return { kind: 'not-configured' };
  if (status === 200 && body?.success) return { kind: 'ok', reply: body.reply };
  const message = (body?.success === false && body.message) || `The realtime AI call answered ${status}.`;
  return { kind: 'failed', message };
}

export function chatClient(botId: string, auth: ChatAuth, base = ''): ChatClient {
  const headers = (): Record<string, string> => ({
    ...(auth.kind === 'token' ? { Authorization: `Bearer ${auth.token}` } : {}),
    ...(auth.page ? { 'X-BotFlow-Origin': auth.page } : {}),
  });
  const withBot = (path: string) => `${base}${path}${path.includes('?') ? '&' : '?'}bot_id=${botId}`;

  async function call<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T | null }> {
    const response = await fetch(withBot(path), { ...init, headers: { ...headers(), ...init.headers } });
    const body = (await response.json().catch(() => null)) as T | null;
    return { status: response.status, body };
  }

  return {
    botId,
    async widgetInfo() {
      const { status, body } = await call<Answered<WidgetAnswer>>(`/api/widget/${botId}`);
      return { ...(body ?? { success: false, message: `The server answered ${status}.` }), status };
    },

    // XMLHttpRequest rather than fetch: only it reports upload progress (spec 3 §7).
    send(fields, onProgress) {
      const form = new FormData();
      form.append('message', fields.message);
      if (fields.language) form.append('language', fields.language);
      if (fields.ignore_saving) form.append('ignore_saving', '1');
      if (fields.target_template) form.append('target_template', fields.target_template);
      if (fields.course_id !== undefined && fields.course_id !== null)
        form.append('course_id', String(fields.course_id));
      if (fields.custom_env_variables && Object.keys(fields.custom_env_variables).length)
        form.append('custom_env_variables', JSON.stringify(fields.custom_env_variables));
      if (fields.file) form.append('file', fields.file);
      if (fields.guest_id) form.append('guest_id', fields.guest_id);
      if (fields.environment) form.append('environment', fields.environment);
      return new Promise((resolve, reject) => {
        const request = new XMLHttpRequest();
        request.open('POST', withBot('/api/chat'));
        for (const [name, value] of Object.entries(headers())) request.setRequestHeader(name, value);
        if (onProgress)
          request.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
        request.onload = () => {
          let body: ChatAnswer | null = null;
          try {
            body = JSON.parse(request.responseText) as ChatAnswer;
          } catch {
            body = null;
          }
          if (request.status !== 200 || !body) {
            const message = body?.success === false ? body.message : undefined;
            reject(new ChatCallError(message ?? `The chat call answered ${request.status}.`, request.status));
          } else resolve(body);
        };
        request.onerror = () => reject(new ChatCallError('The chat call failed.', 0));
        request.send(form);
      });
    },

    async ping(guestId) {
      await call(`/api/ping/${encodeURIComponent(guestId)}`, { method: 'POST' });
    },

    async customVariables(guestId, variables) {
      const form = new URLSearchParams({ custom_env_variables: JSON.stringify(variables) });
      const { status } = await call(`/api/custom_variables/${encodeURIComponent(guestId)}`, {
        method: 'POST',
        body: form,
      });
      return status;
    },

    async language(guestId, languageId) {
      const { body } = await call<Answered<LanguageAnswer>>(
        `/api/language/${encodeURIComponent(guestId)}/${languageId}`,
        { method: 'PUT' },
      );
      return body ?? { success: false };
    },

    async tts(text, lang, guestId) {
      const { status, body } = await call<Answered<TtsAnswer>>('/api/tts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ text, lang, ...(guestId ? { guest_id: guestId } : {}) }),
      });
      return status === 200 && body?.success && body.base64 ? body.base64 : null;
    },

    async stt(recording, lang, guestId) {
      const form = new FormData();
      form.append('file', recording, 'recording.webm');
      form.append('lang', lang);
      if (guestId) form.append('guest_id', guestId);
      const { status, body } = await call<Answered<SttAnswer>>('/api/stt', {
        method: 'POST',
        body: form,
      });
      return status === 200 && body?.success && typeof body.transcript === 'string' ? body.transcript : null;
    },

    callRelay: (guestId) => `${base}/api/call-provider/${encodeURIComponent(guestId)}`,

    realtimeStart: (guestId) =>
      realtimeAnswer(call(`/api/realtime/${encodeURIComponent(guestId)}/start`, { method: 'POST' })),

    async notifications(guestId, change) {
      const { status, body } = await call<GuestNotificationsAnswer>(
        `/api/chat/notifications/${encodeURIComponent(guestId)}`,
        change
          ? { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(change) }
          : {},
      );
      return status === 200 ? body : null;
    },

    realtimeTurn: (guestId, text) =>
      realtimeAnswer(
        call(`/api/realtime/${encodeURIComponent(guestId)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ text }),
        }),
      ),
  };
}
