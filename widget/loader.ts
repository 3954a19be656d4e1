// The script a bot owner puts in the page head:
//   <script src="https://botflow.example/widget/loader.js" data-bot-id="42" async></script>
// It costs the host page next to nothing until the guest shows interest (bench/widget.ts measures
// it). While the page loads it only reads its attributes and defines window.BotFlow; once the
// browser is idle it draws the launcher from the attributes alone (data-bot-name, data-avatar,
// data-color), so no request is made before the guest shows interest. When the guest points at
// or focuses the launcher (or the page calls BotFlow.open) it asks the server whether this page
// may show the bot; on an unregistered site the launcher is then taken away and the console says
// why (what really keeps the bot on its sites is the server's check of every chat call and the
// chat page's CSP frame-ancestors). The chat — an iframe with React and the conversation — is
// built on the first open. The host page and the chat talk through postMessage with a requester
// tag (spec 3 §7).
import {
  CHAT_REQUESTER,
  HOST_REQUESTER,
  readWidgetMessage,
  type InitChatData,
  type ParentEvent,
  type StoreData,
  type WidgetMessage,
} from '../src/core/widget/messaging';
import type { WidgetAnswer } from '../src/core/api/widget';
import type { Answered } from './chat/chat-api';
import { keepStored, locate, readStored } from './host-services';
import {
  BUBBLE_STYLE,
  UNREAD_COUNT_STYLE,
  UNREAD_STYLE,
  launcherStyle,
  panelStyles,
} from './launcher-styles';

type Listener = (data: unknown) => void;

/** GET /api/widget/:botId, typed by its contract (types only: the loader stays tiny). */
type WidgetInfo = Answered<WidgetAnswer>;

const script = document.currentScript as HTMLScriptElement | null;
const options = script?.dataset ?? {};
const botId = options.botId ?? '';
const src = script?.src ?? '';
// The origin of the script's own address, cut by hand: a page's first RegExp or URL costs more.
const pathAt = src.indexOf('/', src.indexOf('//') + 2);
const base = src.startsWith('http') && pathAt > 0 ? src.slice(0, pathAt) : '';
const left = options.position === 'left';
const listeners = new Map<string, Set<Listener>>();
// Questions to the chat waiting for their answer, by event and id (each side numbers its own).
const answers = new Map<string, (data: unknown) => void>();
const outbox: WidgetMessage[] = [];
const init: Omit<InitChatData, 'page'> = {
  customVariables: {},
  courseId: options.courseId ? Number(options.courseId) : null,
  themeMode: options.themeMode === 'dark' ? 'dark' : options.themeMode === 'light' ? 'light' : undefined,
};
/** The panel's host element (its shadow root holds the panel), made on the first open. */
let panelHost: HTMLElement | null = null;
let launcher: HTMLButtonElement | null = null;
let unread: HTMLElement | null = null;
let panel: HTMLElement | null = null;
let frame: HTMLIFrameElement | null = null;
let checked: Promise<boolean> | null = null;
let ready = false;
let isOpen = false;
/** Opened by the page (or data-open) before the launcher was drawn: opens once it is. */
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

/**
 * Asks the server, once, whether this page may show the bot; resolves false (the launcher gone,
 * the console saying why) when it may not. An XMLHttpRequest: a page's first fetch() costs
 * Chromium's main thread far more. The answer's bot name completes the launcher's label.
 */
function checkPage(): Promise<boolean> {
  checked ??= new Promise((resolve) => {
    const request = new XMLHttpRequest();
    const page = encodeURIComponent(location.href);
    request.open('GET', `${base}/api/widget/${encodeURIComponent(botId)}?page=${page}`);
    request.responseType = 'json';
    const refuse = (why: string) => {
      console.warn(why);
      launcher?.remove();
      panelHost?.remove();
      panelHost = launcher = panel = frame = null;
      isOpen = ready = false;
      removeEventListener('message', onChatMessage);
      resolve(false);
    };
    request.onload = () => {
      const info = request.response as WidgetInfo | null;
      if (!info?.success) {
        const reason = info?.message ?? `the server answered ${request.status}.`;
        return refuse(
          `BotFlow: no chat on this page (${location.href}) for bot ${botId}: ${reason} ` +
            "Add this site to the bot's origins (and allow URL subpaths for pages below it).",
        );
      }
      if (!options.botName && info.bot.name)
        launcher?.setAttribute('aria-label', `Chat with ${info.bot.name}`);
      resolve(true);
    };
    request.onerror = () => refuse(`BotFlow: could not reach ${base} to load the chat of bot ${botId}.`);
    request.send();
  });
  return checked;
}

/** The panel and its iframe, built on the first open only, in a shadow root of their own. */
function buildPanel(): HTMLElement {
  panelHost = document.createElement('div');
  panelHost.id = 'botflow-chat';
  const shadow = panelHost.attachShadow({ mode: 'open' });
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
  // Before the launcher in the page's order: the chat comes first for keyboard and screen readers.
  launcher?.before(panelHost);
  addEventListener('message', onChatMessage);
  return built;
}

function setOpen(open: boolean): void {
  if (!launcher) {
    // Asked before the launcher is drawn (it waits for idle time): draw it now.
    openWhenDrawn = open;
    if (open && document.body) draw();
    return;
  }
  // The chat starts loading while the server is asked (usually answered already: asked on
  // pointing). Should it say no, everything goes; meanwhile the chat page's CSP keeps it blank.
  if (open) void checkPage();
  show(open);
}

function show(open: boolean): void {
  if (!launcher) return;
  if (open) panel ??= buildPanel();
  if (!panel) return;
  isOpen = open;
  panel.hidden = !open;
  launcher.setAttribute('aria-expanded', String(open));
  if (unread)
    launcher.setAttribute(
      'aria-label',
      (launcher.getAttribute('aria-label') ?? '').replace(/ \(\d+ new\)$/, ''),
    );
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
    post('initChat', { ...init, page: location.href, storage: readStored(botId) } satisfies InitChatData);
    outbox.splice(0).forEach((queued) => frame?.contentWindow?.postMessage(queued, base));
  } else if (name === 'close') show(false);
  else if (name === 'getGeoLocation') locate((answer) => post('getGeoLocation', answer, id));
  else if (name === 'store') keepStored(botId, data as StoreData);
  else if (name === 'notify' && !isOpen && launcher && !unread) {
    unread = document.createElement('span');
    unread.style.cssText = UNREAD_STYLE;
    launcher.append(unread);
  }
  const key = `${name}:${id}`;
  if (answers.has(key)) {
    answers.get(key)?.(data);
    answers.delete(key);
  }
  emit(name, data);
}

/**
 * A returning guest (its id kept in this page's storage by the chat) is told on the launcher how
 * many notifications arrived since the last visit (issue 18): one request, for returning guests
 * only; opening the chat clears the count.
 */
function askUnread(): void {
  let guestId = '';
  try {
    guestId =
      (JSON.parse(readStored(botId)[`botflow.guest.${botId}`] ?? '{}') as { guestId?: string }).guestId ?? '';
  } catch {
    return;
  }
  if (!guestId) return;
  const request = new XMLHttpRequest();
  request.open('GET', `${base}/api/chat/notifications/${encodeURIComponent(guestId)}?bot_id=${botId}`);
  request.responseType = 'json';
  request.onload = () => {
    const count = (request.response as { unread?: number } | null)?.unread ?? 0;
    if (count > 0 && !isOpen && launcher && !unread) {
      unread = document.createElement('span');
      unread.style.cssText = UNREAD_COUNT_STYLE;
      unread.textContent = count > 9 ? '9+' : String(count);
      unread.setAttribute('aria-label', `${count} new`);
      launcher.append(unread);
      launcher.setAttribute('aria-label', `${launcher.getAttribute('aria-label')} (${count} new)`);
    }
  };
  request.send();
}

/** The launcher, from the script's attributes alone. */
function draw(): void {
  if (launcher || checked) return;
  const button = document.createElement('button');
  launcher = button;
  button.id = 'botflow-widget';
  button.style.cssText = launcherStyle(
    left,
    options.color || '#6d28d9',
    options.textColor || '#fff',
    options.avatar || '',
  );
  button.setAttribute('aria-label', `Chat with ${options.botName || 'us'}`);
  button.setAttribute('aria-expanded', 'false');
  if (!options.avatar) {
    const bubble = document.createElement('span');
    bubble.style.cssText = BUBBLE_STYLE;
    button.append(bubble);
  }
  button.addEventListener('click', () => setOpen(!isOpen));
  // Pointing at the launcher (or reaching it with the keyboard) is the moment to ask the server.
  button.addEventListener('pointerenter', checkPage);
  button.addEventListener('focus', checkPage);
  document.body.append(button);
  emit('ready');
  askUnread();
  if (openWhenDrawn) setOpen(true);
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
// The launcher waits for idle time, so the host page's own first render never waits for it.
const drawSoon = () => (document.body ? draw() : addEventListener('DOMContentLoaded', draw));
if (!botId || !base) console.warn('BotFlow: the widget script needs a data-bot-id attribute.');
else if (openWhenDrawn) drawSoon();
else if ('requestIdleCallback' in window) requestIdleCallback(drawSoon, { timeout: 1000 });
// Safari has no idle callback.
else setTimeout(drawSoon, 100);
