// The script a bot owner puts in the page head:
//   <script src="https://botflow.example/widget/loader.js" data-bot-id="42" async></script>
// It stays small and idle: it asks the server once whether this page may show the bot (and how
// the launcher looks), draws the launcher, and builds the chat iframe only when the guest opens
// it. Everything else (React, the conversation) lives in the iframe. The host page and the chat
// talk through postMessage with a requester tag (spec 3 §7); window.BotFlow is the host's API.
import {
  CHAT_REQUESTER,
  HOST_REQUESTER,
  readWidgetMessage,
  type InitChatData,
  type ParentEvent,
  type StoreData,
  type WidgetMessage,
} from '../src/core/widget/messaging';
import { launcherStyles } from './launcher-styles';

type Listener = (data: unknown) => void;

interface WidgetInfo {
  success: boolean;
  message?: string;
  theme?: { header: { headerBackground: string; headerColor: string } };
  bot?: { name: string; avatar: string; is_avatar: boolean };
}

const script = document.currentScript as HTMLScriptElement | null;
const options = script?.dataset ?? {};
const botId = options.botId ?? '';
const base = script ? new URL(script.src).origin : '';
const listeners = new Map<string, Set<Listener>>();
// Questions to the chat waiting for their answer, by event and id (each side numbers its own).
const answers = new Map<string, (data: unknown) => void>();
const outbox: WidgetMessage[] = [];
const init: InitChatData = {
  page: location.href,
  customVariables: {},
  courseId: options.courseId ? Number(options.courseId) : null,
  themeMode: options.themeMode === 'dark' ? 'dark' : options.themeMode === 'light' ? 'light' : undefined,
};
let panel: HTMLElement | null = null;
let launcher: HTMLButtonElement | null = null;
let frame: HTMLIFrameElement | null = null;
let ready = false;
let isOpen = false;
let nextId = 1;

function emit(event: string, data?: unknown): void {
  listeners.get(event)?.forEach((fn) => fn(data));
}

function post(event: ParentEvent, data?: unknown, id?: number): void {
  const message: WidgetMessage = { requester: HOST_REQUESTER, event, botId, data, id };
  if (ready && frame?.contentWindow) frame.contentWindow.postMessage(message, base);
  else outbox.push(message);
}

/** Sends a question to the chat and resolves with its answer (same id). */
function ask(event: ParentEvent, data: unknown): Promise<unknown> {
  const id = nextId++;
  return new Promise((resolve) => {
    answers.set(`${event}:${id}`, resolve);
    post(event, data, id);
  });
}

function chatUrl(): string {
  const query = new URLSearchParams({ bot_id: botId, embed: '1' });
  if (options.customUi) query.set('customUI', options.customUi);
  if (init.themeMode) query.set('themeMode', init.themeMode);
  if (options.template) query.set('template', options.template);
  return `${base}/chat?${query}`;
}

function setOpen(open: boolean): void {
  if (!panel || !launcher) return;
  if (open && !frame) {
    frame = document.createElement('iframe');
    frame.src = chatUrl();
    frame.title = 'Chat';
    frame.allow = 'geolocation; microphone; camera; autoplay; clipboard-write';
    panel.append(frame);
  }
  isOpen = open;
  panel.hidden = !open;
  launcher.setAttribute('aria-expanded', String(open));
  launcher.classList.remove('unread');
  post(open ? 'open' : 'close');
  emit(open ? 'open' : 'close');
}

function onChatMessage(event: MessageEvent): void {
  if (!frame || event.source !== frame.contentWindow || event.origin !== base) return;
  const message = readWidgetMessage(event.data, CHAT_REQUESTER, botId);
  if (!message) return;
  const { event: name, data, id } = message;
  if (name === 'initChat') {
    ready = true;
    post('initChat', { ...init, storage: readStored() });
    outbox.splice(0).forEach((queued) => frame?.contentWindow?.postMessage(queued, base));
  } else if (name === 'close') setOpen(false);
  else if (name === 'getGeoLocation') locate(id);
  else if (name === 'store') keep(data as StoreData);
  else if (name === 'notify' && !isOpen) launcher?.classList.add('unread');
  const key = `${name}:${id}`;
  if (answers.has(key)) {
    answers.get(key)?.(data);
    answers.delete(key);
  }
  emit(name, data);
}

// The chat's values live in this page's storage under the bot's prefix (see 'store' in messaging).
const prefix = `botflow:${botId}:`;

function readStored(): Record<string, string> {
  const values: Record<string, string> = {};
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(prefix)) values[key.slice(prefix.length)] = localStorage.getItem(key) ?? '';
    }
  } catch {
    // Storage refused: the chat starts afresh on each visit.
  }
  return values;
}

function keep({ key, value }: StoreData): void {
  try {
    if (value === null) localStorage.removeItem(prefix + key);
    else localStorage.setItem(prefix + key, String(value));
  } catch {
    // As above.
  }
}

/** Spec 3 §4 Geolocation: the host page asks the browser, since the prompt belongs to it. */
function locate(id?: number): void {
  const answer = (data: unknown) => post('getGeoLocation', data, id);
  if (!navigator.geolocation) return answer({ error: 'Geolocation is not available' });
  navigator.geolocation.getCurrentPosition(
    ({ coords }) => answer({ latitude: coords.latitude, longitude: coords.longitude }),
    (error) => answer({ error: error.message || 'Location refused' }),
    { timeout: 10000 },
  );
}

function draw(info: WidgetInfo): void {
  const host = document.createElement('div');
  host.id = 'botflow-widget';
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  const header = info.theme?.header;
  style.textContent = launcherStyles(header?.headerBackground ?? '#6d28d9', header?.headerColor ?? '#fff');
  panel = document.createElement('div');
  panel.className = `panel${options.position === 'left' ? ' left' : ''}`;
  panel.hidden = true;
  launcher = document.createElement('button');
  launcher.className = `launcher${options.position === 'left' ? ' left' : ''}`;
  launcher.setAttribute('aria-label', `Chat with ${info.bot?.name ?? 'us'}`);
  launcher.setAttribute('aria-expanded', 'false');
  if (info.bot?.is_avatar && info.bot.avatar) {
    const image = document.createElement('img');
    image.src = info.bot.avatar;
    image.alt = '';
    launcher.append(image);
  } else {
    launcher.innerHTML =
      '<svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true"><path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg>';
  }
  launcher.onclick = () => setOpen(!isOpen);
  root.append(style, panel, launcher);
  document.body.append(host);
  addEventListener('message', onChatMessage);
  emit('ready');
  if (options.open === 'true') setOpen(true);
}

async function start(): Promise<void> {
  if (!botId || !base) return console.warn('BotFlow: the widget script needs a data-bot-id attribute.');
  const url = `${base}/api/widget/${encodeURIComponent(botId)}?page=${encodeURIComponent(location.href)}`;
  let info: WidgetInfo;
  try {
    info = (await (await fetch(url)).json()) as WidgetInfo;
  } catch {
    return console.warn(`BotFlow: could not reach ${base} to load the chat of bot ${botId}.`);
  }
  if (!info.success) {
    return console.warn(
      `BotFlow: no chat on this page (${location.href}) for bot ${botId}: ${info.message} ` +
        "Add this site to the bot's origins (and allow URL subpaths for pages below it).",
    );
  }
  if (document.body) draw(info);
  else addEventListener('DOMContentLoaded', () => draw(info));
}

/** The host page's handle on the widget (README "Chat widget"). */
const api = {
  open: () => setOpen(true),
  close: () => setOpen(false),
  toggle: () => setOpen(!isOpen),
  restart: () => frame && post('restart'),
  /** Sends a message as if the guest typed it. */
  send: (text: string) => post('chat', { message: text }),
  /** Variables the flow reads as ${{name}}; answers { status } (500 when the update failed). */
  setCustomVariables(variables: Record<string, unknown>): Promise<unknown> {
    Object.assign(init.customVariables ?? {}, variables);
    return frame ? ask('updateCustomEnvVariables', variables) : Promise.resolve({ status: 200 });
  },
  selectCourse(courseId: number) {
    init.courseId = courseId;
    post('selectCourseEvent', { courseId });
  },
  setTheme(mode: 'light' | 'dark') {
    init.themeMode = mode;
    post('theme', { mode });
  },
  /** Host-page reply to a customAction or call event the chat sent. */
  notify: (data: unknown) => post('notify', data),
  on(event: string, fn: Listener): () => void {
    if (!listeners.has(event)) listeners.set(event, new Set());
    listeners.get(event)?.add(fn);
    return () => listeners.get(event)?.delete(fn);
  },
  get isOpen() {
    return isOpen;
  },
};

(window as unknown as { BotFlow: typeof api }).BotFlow = api;
void start();
