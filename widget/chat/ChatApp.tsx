// The chat app: the same component runs in the widget's iframe, on the standalone /chat page and
// (with the editor's token, in edit mode or not) as the flow editor's emulator.
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { chatPlaceholder, chatTitle, defaultTheme } from '../../src/core/theme/defaults';
import type { Theme } from '../../src/core/theme/types';
import type { ConversationMessage } from '../../src/core/widget/conversation';
import { SPEAKER_KEY, THEME_MODE_KEY } from '../../src/core/widget/guest';
import { REALTIME_AI_ENDED, type ChoiceButton } from '../../src/core/widget/replies';
import {
  chatClient,
  type ChatAuth,
  type ServerSpeech,
  type WidgetBot,
  type WidgetLanguage,
} from './chat-api';
import { ChatShell, type FirstLook } from './ChatShell';
import { ChatView } from './ChatView';
import type { ChannelView } from './MessageList';
import { useNotifications } from './use-notifications';
import { useWebPush, type GetNotifiedBy } from './use-web-push';
import type { HostBridge } from './host-bridge';
import { createMicrophone } from './microphone';
import { serverSpeech, type SpeechSwitches } from './server-speech';
import { createSpeaker } from './speech';
import { safeStorage } from './storage';
import { generatedAvatar } from './generated-avatar';
import { avatarOf } from './theme-style';
import { useChat, type Chat } from './use-chat';
import './chat.css';
import { useHostEvents } from './use-host-events';
import { useRealtime } from './use-realtime';
import { useSteering } from './use-steering';
import { VoicePanel } from './VoicePanel';

export interface ChatAppHandle {
  /** Starts a new conversation (new guest), as the editor's "Run flow" does. */
  restart(): void;
  send(text: string): void;
}

export interface ChatAppProps {
  botId: number | string;
  /** The editor's token, or the widget's host page address. */
  auth: ChatAuth;
  /** Run a flow template instead of the main flow (target_template). */
  template?: string;
  /** The editor's edit mode: the conversation shows but the guest cannot type. */
  editMode?: boolean;
  /** Inside the loader's iframe: the host page is reachable, calls can work. */
  bridge?: HostBridge | null;
  customUI?: boolean;
  themeMode?: 'light' | 'dark';
  courseId?: number | null;
  customVariables?: Record<string, unknown>;
  /** Server address for the calls ('' when the page is served by the server itself). */
  apiBase?: string;
  onClose?: () => void;
  /** The bot's look known before the chat loads (the page carried it): drawn at once, no flash. */
  firstLook?: FirstLook | null;
  ref?: Ref<ChatAppHandle>;
  /** "Get notified": Web Push on the /chat page, opening /chat from the widget; absent: no offer. */
  getNotified?: GetNotifiedBy;
  /** The emulator's WhatsApp or Telegram mode: how the channel draws the bot and reads answers. */
  channel?: ChatChannel | null;
}

export interface ChatChannel {
  /** The flow's ENVIRONMENT while the emulator shows this channel. */
  environment: 'whatsapp' | 'telegram';
  view: ChannelView;
  /** What a typed answer sends, given the bot messages it answers (a number picks a choice). */
  answer(text: string, answered: ConversationMessage[]): string;
}

/** The bot messages since the guest last spoke: what a typed answer answers. */
function lastBotRun(messages: ConversationMessage[]): ConversationMessage[] {
  let start = messages.length;
  while (start > 0 && messages[start - 1].from === 'bot') start--;
  return messages.slice(start);
}

const NO_SPEECH: ServerSpeech = { tts: false, stt: false };

interface Loaded {
  /** With the bot's speech switches (server-speech.ts). */
  theme: Theme & SpeechSwitches;
  bot: WidgetBot | null;
  /** Server speech, learnt once: off unless the server says it works. */
  speech: ServerSpeech;
  refused: string | null;
  /** The bot and template this was loaded for. */
  identity: string;
  /** Another bot or template than this chat showed before. */
  fresh: boolean;
}

export function ChatApp(props: ChatAppProps) {
  const { botId, auth, apiBase = '' } = props;
  const client = useMemo(() => chatClient(String(botId), auth, apiBase), [botId, auth, apiBase]);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  // Spec 3 §4: a change of bot or template resets the conversation and the guest id.
  const identity = `${botId}:${props.template ?? ''}`;
  const shown = useRef<string | null>(null);

  useEffect(() => {
    let current = true;
    const fresh = shown.current !== null && shown.current !== identity;
    shown.current = identity;
    const done = (info: Omit<Loaded, 'identity' | 'fresh'>) =>
      current && setLoaded({ ...info, identity, fresh });
    client
      .widgetInfo()
      .then((info) => {
        if (!info.success && info.status === 403) {
          console.warn(`BotFlow: the chat of bot ${botId} is not available here: ${info.message}`);
          return done({
            theme: defaultTheme(),
            bot: null,
            speech: NO_SPEECH,
            refused: info.message ?? 'Not allowed',
          });
        }
        // A theme that fails to load falls back to the default theme (spec 3 §7).
        if (!info.success)
          return done({ theme: defaultTheme(), bot: null, speech: NO_SPEECH, refused: null });
        done({ theme: info.theme, bot: info.bot, speech: info.speech, refused: null });
      })
      .catch(() => done({ theme: defaultTheme(), bot: null, speech: NO_SPEECH, refused: null }));
    return () => {
      current = false;
    };
  }, [client, botId, identity]);

  if (!loaded || loaded.identity !== identity) {
    if (!props.firstLook) return <div className="chat loading" aria-busy="true" />;
    const dark = (props.themeMode ?? safeStorage().getItem(THEME_MODE_KEY)) === 'dark';
    return <ChatShell look={props.firstLook} dark={dark} customUI={Boolean(props.customUI)} />;
  }
  if (loaded.refused) {
    return (
      <div className="chat refused" role="alert">
        This chat is not available on this site.
      </div>
    );
  }
  return <Conversation key={identity} {...props} client={client} loaded={loaded} fresh={loaded.fresh} />;
}

interface ConversationProps extends ChatAppProps {
  client: ReturnType<typeof chatClient>;
  loaded: Loaded;
  fresh: boolean;
}

function Conversation(props: ConversationProps) {
  const { client, loaded, bridge = null, editMode = false } = props;
  const { theme, bot } = loaded;
  const storage = safeStorage();
  const languages = bot?.languages ?? [];
  const firstLanguage: WidgetLanguage | null =
    languages.find((l) => l.id === bot?.language) ?? languages[0] ?? null;
  const [speakerOn, setSpeakerOn] = useState(() => storage.getItem(SPEAKER_KEY) === 'true');
  const [dark, setDark] = useState(() => (props.themeMode ?? storage.getItem(THEME_MODE_KEY)) === 'dark');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [listening, setListening] = useState(false);
  const chatRef = useRef<Chat | null>(null);
  // Server speech only when the bot asks for it and the server can give it.
  const switches = serverSpeech(theme);
  const serverVoice = switches.voice && loaded.speech.tts;
  const serverRecognition = switches.recognition && loaded.speech.stt;
  const speaker = useMemo(
    () => createSpeaker(client, () => chatRef.current?.guestId ?? null, serverVoice),
    [client, serverVoice],
  );
  const microphone = useMemo(
    () => createMicrophone(client, () => chatRef.current?.guestId ?? null, serverRecognition),
    [client, serverRecognition],
  );
  const realtime = useRealtime({
    client,
    guestId: () => chatRef.current?.guestId ?? null,
    language: () => chatRef.current?.language?.code ?? 'en',
    serverVoice: loaded.speech.tts,
    onEnded(end) {
      // Realtime AI could not run (not configured, no microphone): said in the conversation,
      // where it stays; either way the flow goes on.
      if (end.by === 'problem') chatRef.current?.addLocal({ type: 'text', content: end.message }, 'bot');
      void chatRef.current?.send(REALTIME_AI_ENDED, { silent: true });
    },
  });
  const { steer, endCall } = useSteering(chatRef, client, bridge, realtime.start);
  const live = useRef({ speakerOn });
  live.current.speakerOn = speakerOn && Boolean(bot?.use_tts);

  const chat = useChat({
    client,
    template: props.template,
    // The emulator names its channel (null: Web), so switching back to Web switches the flow too.
    environment: props.channel === undefined ? undefined : (props.channel?.environment ?? 'web'),
    editMode,
    language: firstLanguage,
    languages,
    courseId: props.courseId,
    customVariables: props.customVariables,
    fresh: props.fresh,
    onSteer: steer,
    onBotMessage(message: ConversationMessage) {
      if (live.current.speakerOn && typeof message.content === 'string') {
        speaker.speak(message.content, message.language_code);
      }
      bridge?.send('notify', { from: 'bot', type: message.type, content: message.content });
    },
    onUserMessage: (text) => bridge?.send('chat', { from: 'user', content: text }),
    onRestore: (count) => bridge?.send('restore', { count }),
  });
  chatRef.current = chat;

  const stopDevices = () => (microphone.stop(), endCall(), realtime.end());
  const { keepFor } = realtime;
  useEffect(() => keepFor(chat.guestId), [chat.guestId, keepFor]);
  const notifications = useNotifications(client, editMode ? null : chat.guestId);
  const getNotified = useWebPush(client, editMode ? null : chat.guestId, props.botId, props.getNotified);
  useHostEvents(bridge, chat, { setDark, theme, dark, stopDevices });
  useImperativeHandle(
    props.ref,
    () => ({ restart: () => void chat.restart(), send: (t) => void chat.send(t) }),
    [chat],
  );

  // The first open says Hello (spec 3 §4 Session).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void chat.start();
  }, [chat]);
  useEffect(() => () => speaker.stop(), [speaker]);

  const choose = useCallback((message: ConversationMessage, button: ChoiceButton) => {
    setChosen((all) => ({ ...all, [message.id]: button.label }));
    void chatRef.current?.send(button.label);
  }, []);

  const toggleDark = () => {
    const next = !dark;
    setDark(next);
    storage.setItem(THEME_MODE_KEY, next ? 'dark' : 'light');
    bridge?.send('theme', { mode: next ? 'dark' : 'light' });
  };
  const toggleSpeaker = () => {
    const next = !speakerOn;
    setSpeakerOn(next);
    storage.setItem(SPEAKER_KEY, String(next));
    if (!next) speaker.stop();
  };
  const toggleMic = () => {
    if (listening) return microphone.stop();
    microphone.start(chat.language?.code ?? 'en', (text) => void chat.send(text), setListening);
  };
  const close = props.onClose ?? (bridge ? () => bridge.send('close') : undefined);
  const rtl = theme.body.rtl || Boolean(chat.language?.is_rtl);
  const avatar = avatarOf(theme, bot?.avatar) || generatedAvatar(bot?.name || theme.header.headerTitle);

  return (
    <ChatView
      theme={theme}
      dark={dark}
      rtl={rtl}
      customUI={Boolean(props.customUI)}
      editMode={editMode}
      title={chatTitle(theme, bot?.name, chat.language?.code)}
      avatar={avatar}
      language={chat.language}
      languages={languages}
      speaker={bot?.use_tts ? speakerOn : null}
      messages={chat.messages}
      typing={chat.typing}
      chosen={chosen}
      onLanguage={(language) => void chat.changeLanguage(language)}
      onSpeaker={toggleSpeaker}
      onRestart={() => void chat.restart()}
      onDark={toggleDark}
      onClose={close}
      notifications={notifications.on}
      onNotifications={notifications.toggle}
      getNotified={getNotified}
      onChoose={choose}
      onAction={(name) => bridge?.send('customAction', { name })}
      channelView={props.channel?.view}
      footer={
        realtime.view ? (
          <VoicePanel
            view={realtime.view}
            botName={bot?.name || theme.header.headerTitle}
            onTap={realtime.tap}
            onFinish={realtime.finish}
            onEnd={realtime.end}
          />
        ) : null
      }
      composer={
        realtime.view
          ? null
          : {
              mode: chat.inputMode,
              placeholder: editMode
                ? 'The chat is disabled in edit mode'
                : chatPlaceholder(theme, chat.language?.code),
              disabled: editMode,
              upload: chat.upload,
              micAvailable: Boolean(bot?.use_stt) && microphone.available,
              listening,
              onSend: (text) => {
                const sent = props.channel?.answer(text, lastBotRun(chat.messages)) ?? text;
                void chat.send(sent, sent === text ? {} : { display: text });
              },
              onFile: (file) => void chat.send(file.name, { file }),
              onMic: toggleMic,
              onEndCall: endCall,
            }
      }
    />
  );
}
