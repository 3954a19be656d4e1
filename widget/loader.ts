// The script a bot owner puts in the page head:
//   <script src="https://botflow.example/widget/loader.js" data-bot-id="42" async></script>
// It is built to cost the host page next to nothing until the guest opens the chat (bench/widget.ts
// measures it): while the page loads it only reads its attributes and defines window.BotFlow.
// Once the browser is idle it asks the server, with one small XMLHttpRequest, whether this page
// may show the bot and how the launcher looks, and only then draws the launcher — so a guest
// never sees a launcher in the wrong colours, or one that cannot work on an unregistered site
// (there the console says why, and nothing is drawn). The chat itself, an iframe with React and
// the conversation, is built on the first open. The host page and the chat talk through
// postMessage with a requester tag (spec 3 §7); window.BotFlow is the host's API.
import {
  CHAT_REQUESTER,
  HOST_REQUESTER,
  readWidgetMessage,
  type InitChatData,
  type ParentEvent,
  type StoreData,
  type WidgetMessage,
} from '../src/core/widget/messaging';
import { launcherStyles, panelStyles } from './launcher-styles';

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
const left = options.position === 'left';
let root: ShadowRoot | null = null;
let launcher: HTMLButtonElement | null = null;
let unread: HTMLElement | null = null;
let panel: HTMLElement | null = null;
let frame: HTMLIFrameElement | null = null;
let checked: Promise<WidgetInfo | null> | null = null;
let ready = false;
let isOpen = false;
/** Opened (by the page or data-open) before the launcher was drawn: open once it is. */
let openWhenDrawn = options.open === 'true';
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

/** The panel and its iframe, built on the first open only. */
function buildPanel(shadow: ShadowRoot): HTMLElement {
  const style = document.createElement('style');
  style.textContent = panelStyles;
  const built = document.createElement('div');
  built.className = left ? 'panel left' : 'panel';
  frame = document.createElement('iframe');
  frame.src = chatUrl();
  frame.title = 'Chat';
  frame.allow = 'geolocation; microphone; camera; autoplay; clipboard-write';
  built.append(frame);
  shadow.append(style, built);
  return built;
}

function setOpen(open: boolean): void {
  if (!root || !launcher) {
    // Not drawn yet: the page asked early, or the check is still on its way.
    openWhenDrawn = open;
    if (open) start(true);
    return;
  }
  if (open) panel ??= buildPanel(root);
  if (!panel) return;
  isOpen = open;
  panel.hidden = !open;
  launcher.setAttribute('aria-expanded', String(open));
  unread?.remove();
  unread = null;
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
  else if (name === 'notify' && !isOpen && root && !unread) {
    unread = document.createElement('span');
    unread.className = 'unread';
    root.append(unread);
  }
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
  const header = info.theme?.header;
  const host = document.createElement('div');
  host.id = 'botflow-widget';
  host.style.cssText =
    `position:fixed;bottom:20px;${left ? 'left' : 'right'}:20px;z-index:2147483646;width:60px;height:60px;` +
    `--bg:${header?.headerBackground ?? '#6d28d9'};--fg:${header?.headerColor ?? '#fff'}`;
  root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = launcherStyles;
  launcher = document.createElement('button');
  launcher.className = 'launcher';
  launcher.setAttribute('aria-label', `Chat with ${info.bot?.name ?? 'us'}`);
  launcher.setAttribute('aria-expanded', 'false');
  if (info.bot?.is_avatar && info.bot.avatar) {
    const image = document.createElement('img');
    image.src = info.bot.avatar;
    image.alt = '';
    image.style.cssText = 'width:100%;height:100%;object-fit:cover';
    launcher.append(image);
  } else {
    // A chat bubble drawn in CSS: parsing an inline SVG would cost the host page more.
    launcher.classList.add('icon');
  }
  launcher.onclick = () => setOpen(!isOpen);
  root.append(style, launcher);
  document.body.append(host);
  addEventListener('message', onChatMessage);
  emit('ready');
  if (openWhenDrawn) setOpen(true);
}

/**
 * Asks the server, once, whether this page may show the bot (and how the launcher looks). An
 * XMLHttpRequest rather than fetch(): a page's first fetch() costs Chromium's main thread about
 * 1.5 ms, an XMLHttpRequest a fifth of that. Null when the chat may not run here.
 */
function checkPage(): Promise<WidgetInfo | null> {
  checked ??= new Promise((resolve) => {
    const request = new XMLHttpRequest();
    const page = encodeURIComponent(location.href);
    request.open('GET', `${base}/api/widget/${encodeURIComponent(botId)}?page=${page}`);
    request.responseType = 'json';
    request.onload = () => {
      const info = request.response as WidgetInfo | null;
      if (info?.success) return resolve(info);
      console.warn(
        `BotFlow: no chat on this page (${location.href}) for bot ${botId}: ${info?.message ?? `the server answered ${request.status}.`} ` +
          "Add this site to the bot's origins (and allow URL subpaths for pages below it).",
      );
      resolve(null);
    };
    request.onerror = () => {
      console.warn(`BotFlow: could not reach ${base} to load the chat of bot ${botId}.`);
      resolve(null);
    };
    request.send();
  });
  return checked;
}

let started = false;

/** Checks the page and draws the launcher: at once when the chat is wanted open, else when idle. */
function start(now: boolean): void {
  if (started) return;
  started = true;
  const run = () =>
    void checkPage().then((info) => {
      if (!info) return;
      if (document.body) draw(info);
      else addEventListener('DOMContentLoaded', () => draw(info));
    });
  // Idle time is after the page's own loading work; the timeout bounds it on a page never idle.
  if (now) run();
  else if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
  // Safari has no idle callback.
  else setTimeout(run, 200);
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
if (!botId || !base) console.warn('BotFlow: the widget script needs a data-bot-id attribute.');
else start(openWhenDrawn);
