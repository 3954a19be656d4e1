// The conversation's state and the guest's actions: send, upload, restart, switch language. The
// bot's replies go through the ReplyQueue (src/core/widget), which decides the order and the waits;
// this hook only applies them to React state (spec 3 §4 "Bot replies", "Session", input mode).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  applyTranslations,
  disableAnswered,
  readStoredMessages,
  type ConversationMessage,
} from '../../src/core/widget/conversation';
import {
  FIRST_MESSAGE,
  PING_INTERVAL_MS,
  WIDGET_TEXTS,
  isAcceptedChatFile,
} from '../../src/core/widget/constants';
import { forgetGuest, readGuest, saveGuest } from '../../src/core/widget/guest';
import {
  NO_PICK,
  answeredLanguage,
  forNewGuest,
  languageToSend,
  picked,
  told,
} from '../../src/core/widget/language-pick';
import {
  maskPassword,
  nextInputMode,
  type InputMode,
  type InputModeEvent,
} from '../../src/core/widget/input-mode';
import { ReplyQueue, type SteeringReply } from '../../src/core/widget/reply-queue';
import type { ChatReply } from '../../src/core/widget/replies';
import type { ChatClient, WidgetLanguage } from './chat-api';
import { safeStorage } from './storage';

export interface ChatSettings {
  client: ChatClient;
  template?: string;
  editMode?: boolean;
  language: WidgetLanguage | null;
  /** The bot's languages: the select follows the conversation's language the server answers. */
  languages?: readonly WidgetLanguage[];
  courseId?: number | null;
  customVariables?: Record<string, unknown>;
  /** The emulator's channel: the flow's ENVIRONMENT on every turn (unset: the server's own). */
  environment?: 'web' | 'whatsapp' | 'telegram';
  /** Called for each bot message shown (speech, host-page notify). */
  onBotMessage?(message: ConversationMessage): void;
  onUserMessage?(text: string): void;
  /** Input, device-permission, realtime-ai and call replies. */
  onSteer?(reply: SteeringReply): void;
  onRestore?(count: number): void;
  /** The chat switched to this bot or template: forget the guest it may have had before. */
  fresh?: boolean;
}

export interface SendOptions {
  file?: File;
  /** Not shown as a guest message (answers the widget sends itself: location, CALL_ENDED). */
  silent?: boolean;
  ignoreSaving?: boolean;
  /** What the guest's bubble shows instead of the text sent (a typed number that picked a choice). */
  display?: string;
}

let counter = 0;
const localId = () => `local-${++counter}`;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

export function useChat(settings: ChatSettings) {
  const [messages, setMessages] = useState<ConversationMessage[]>([]);
  const [typing, setTyping] = useState(false);
  const [inputMode, setInputMode] = useState<InputMode>('text');
  const [upload, setUpload] = useState<{ name: string; progress: number } | null>(null);
  const [guestId, setGuestId] = useState<string | null>(null);
  const [language, setLanguage] = useState<WidgetLanguage | null>(settings.language);
  const live = useRef({
    settings,
    inputMode,
    language,
    guestId: null as string | null,
    generation: 0,
    pick: NO_PICK,
  });
  // The host page may change these at any time (updateCustomEnvVariables, selectCourseEvent).
  const context = useRef({
    customVariables: { ...settings.customVariables },
    courseId: settings.courseId ?? null,
  });
  live.current.settings = settings;
  live.current.inputMode = inputMode;
  live.current.language = language;
  const botId = settings.client.botId;
  const template = settings.template ?? '';

  const changeMode = useCallback((event: InputModeEvent) => {
    live.current.inputMode = nextInputMode(live.current.inputMode, event);
    setInputMode(live.current.inputMode);
  }, []);

  const queue = useMemo(
    () =>
      new ReplyQueue({
        sleep,
        typing: setTyping,
        show(reply: ChatReply) {
          // The server numbers the replies it stores; a later language switch matches them by it.
          const { id: stored, language_code: said } = reply as { id?: unknown; language_code?: unknown };
          const message = {
            ...reply,
            id: stored === undefined ? localId() : String(stored),
            from: 'bot',
            date: Date.now(),
            language_code: typeof said === 'string' ? said : (live.current.language?.code ?? 'en'),
            disabled: false,
            local: true,
          } as ConversationMessage;
          setMessages((all) => [...all, message]);
          live.current.settings.onBotMessage?.(message);
        },
        steer(reply) {
          if (reply.type === 'input') changeMode({ type: 'ask', input: reply.input });
          live.current.settings.onSteer?.(reply);
        },
      }),
    [changeMode],
  );

  const rememberGuest = useCallback(
    (id: string) => {
      live.current.guestId = id;
      setGuestId(id);
      saveGuest(safeStorage(), botId, id, template);
    },
    [botId, template],
  );

  /** The select shows the conversation's language as the server answers it (a flow may switch it). */
  const adoptLanguage = useCallback((serverCode: unknown, pickSerial: number) => {
    const { settings: current, language: shown, pick } = live.current;
    const next = answeredLanguage(current.languages ?? [], shown, serverCode, pick, pickSerial);
    if (next === shown) return;
    live.current.language = next;
    setLanguage(next);
  }, []);

  const addLocal = useCallback(
    (message: Omit<ConversationMessage, keyof ReturnType<typeof meta>>, from: 'bot' | 'user') => {
      const full = { ...message, ...meta(from, live.current.language?.code ?? 'en') } as ConversationMessage;
      // Whatever the guest sends answers the open choices (a typed keyword picks one too).
      setMessages((all) => [...(from === 'user' ? disableAnswered(all) : all), full]);
    },
    [],
  );

  const send = useCallback(
    async (text: string, options: SendOptions = {}): Promise<void> => {
      const { client, editMode, environment } = live.current.settings;
      const { courseId, customVariables } = context.current;
      if ((editMode && !options.silent) || (!options.file && !text.trim())) return;
      if (options.file && !isAcceptedChatFile(options.file.type)) {
        console.warn(`Unsupported file: ${options.file.name} (${options.file.type || 'unknown type'})`);
        return;
      }
      const generation = live.current.generation;
      if (!options.silent) {
        if (options.file) {
          const { name, type, size } = options.file;
          addLocal(
            { type: 'file', content: { name, type, size, url: URL.createObjectURL(options.file) } },
            'user',
          );
        } else {
          const shown =
            live.current.inputMode === 'password' ? maskPassword(text) : (options.display ?? text);
          addLocal({ type: 'text', content: shown }, 'user');
          live.current.settings.onUserMessage?.(shown);
        }
        changeMode({ type: 'sent' });
      }
      if (options.file) setUpload({ name: options.file.name, progress: 0 });
      const pickSerial = live.current.pick.serial;
      try {
        const answer = await client.send(
          {
            message: text,
            language: languageToSend(live.current.pick),
            ignore_saving: options.ignoreSaving,
            target_template: template || undefined,
            course_id: courseId,
            custom_env_variables: customVariables,
            file: options.file,
            guest_id: live.current.guestId,
            environment,
          },
          options.file ? (progress) => setUpload({ name: options.file!.name, progress }) : undefined,
        );
        if (generation !== live.current.generation) return;
        if (!answer.success) return console.warn('The chat call did not succeed:', answer.message);
        if (answer.guest_id) rememberGuest(String(answer.guest_id));
        live.current.pick = told(live.current.pick, pickSerial);
        adoptLanguage(answer.language, pickSerial);
        const old = readStoredMessages(answer.old_conversation, live.current.language?.code ?? 'en');
        if (options.ignoreSaving && old.length) {
          setMessages(old);
          live.current.settings.onRestore?.(old.length);
        }
        await queue.push(answer.reply ?? []);
      } catch (error) {
        if (options.file) {
          addLocal({ type: 'text', content: WIDGET_TEXTS.uploadFailed }, 'bot');
          console.error(WIDGET_TEXTS.uploadError, error);
          // The flow still waits for a file: let the guest try again.
          if (generation === live.current.generation) changeMode({ type: 'ask', input: 'file' });
        } else console.error('The chat call failed.', error);
      } finally {
        if (options.file) setUpload(null);
      }
    },
    [addLocal, adoptLanguage, changeMode, queue, rememberGuest, template],
  );

  /** Spec 3 §4 Session: the first open says Hello (not stored) and brings back the old conversation. */
  const start = useCallback(() => {
    // Another bot or template than this chat showed before starts over (spec 3 §4 Session).
    if (live.current.settings.fresh) forgetGuest(safeStorage(), botId);
    const stored = readGuest(safeStorage(), botId, template);
    live.current.guestId = stored;
    setGuestId(stored);
    return send(FIRST_MESSAGE, { silent: true, ignoreSaving: true });
  }, [botId, send, template]);

  const restart = useCallback(() => {
    live.current.generation++;
    queue.abort();
    forgetGuest(safeStorage(), botId);
    live.current.guestId = null;
    live.current.pick = forNewGuest(live.current.pick);
    setGuestId(null);
    setMessages([]);
    changeMode({ type: 'reset' });
    return send(FIRST_MESSAGE, { silent: true, ignoreSaving: true });
  }, [botId, changeMode, queue, send]);

  /**
   * Spec 3 §7: PUT /api/language re-renders the conversation in the new language. A pick the
   * server could not hear yet (no guest, or the call failed) goes with the next message instead.
   */
  const changeLanguage = useCallback(
    async (next: WidgetLanguage) => {
      live.current.language = next;
      live.current.pick = picked(live.current.pick, next.code);
      const serial = live.current.pick.serial;
      setLanguage(next);
      const id = live.current.guestId;
      if (!id) return;
      // Replies still waiting to be shown were said in the old language: they are cancelled and
      // come back translated with the stored conversation.
      if (queue.busy) queue.abort();
      const answer = await live.current.settings.client
        .language(id, next.id)
        .catch(() => ({ success: false, conversation: undefined }));
      if (answer.success) live.current.pick = told(live.current.pick, serial);
      if (!answer.success || !Array.isArray(answer.conversation)) return;
      const items = answer.conversation as { id: unknown; content: unknown; type?: unknown }[];
      const complete = items.length > 0 && items.every((item) => typeof item.type === 'string');
      setMessages((all) => (complete ? readStoredMessages(items, next.code) : applyTranslations(all, items)));
    },
    [queue],
  );

  // Keep the guest's session alive (spec 3 §4: every BOT_PERIODICAL_PING_MINUTES).
  useEffect(() => {
    if (!guestId) return;
    const timer = setInterval(() => void live.current.settings.client.ping(guestId), PING_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [guestId]);

  useEffect(() => () => queue.abort(), [queue]);

  return {
    messages,
    typing,
    inputMode,
    upload,
    guestId,
    language,
    send,
    start,
    restart,
    changeLanguage,
    changeMode,
    addLocal,
    abortReplies: () => queue.abort(),
    client: settings.client,
    customVariables: context.current.customVariables,
    setCourse: (courseId: number) => void (context.current.courseId = courseId),
  };
}

function meta(from: 'bot' | 'user', language: string) {
  return { id: localId(), from, date: Date.now(), language_code: language, disabled: false, local: true };
}

export type Chat = ReturnType<typeof useChat>;
