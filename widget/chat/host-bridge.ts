// The chat's side of the parent-page messaging (spec 3 §7): inside the widget iframe it talks to
// the loader on the host page. The host page's address is taken from the browser (the message's
// origin), never from what the page claims alone, and it is what the chat's calls carry for the
// server's origin check.
import {
  CHAT_REQUESTER,
  HOST_REQUESTER,
  readWidgetMessage,
  type InitChatData,
  type ParentEvent,
  type StoreData,
  type WidgetMessage,
} from '../../src/core/widget/messaging';
import type { KeyValueStore } from '../../src/core/widget/guest';
import { originOf } from '../../src/core/widget/origin';

export type HostHandler = (data: unknown, message: WidgetMessage) => void;

export interface HostBridge {
  /** Resolves with the host page's init data (its verified address among it). */
  ready: Promise<InitChatData>;
  send(event: ParentEvent, data?: unknown, id?: number): void;
  /** Asks the host page and resolves with its answer (same id), or null after `timeoutMs`. */
  ask(event: ParentEvent, data: unknown, timeoutMs: number): Promise<unknown>;
  on(event: ParentEvent, handler: HostHandler): () => void;
}

/** A store over the host page's storage: read once at start, each change sent to the loader. */
export function hostStorage(bridge: HostBridge, initial: Record<string, string> = {}): KeyValueStore {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem(key, value) {
      values.set(key, value);
      bridge.send('store', { key, value } satisfies StoreData);
    },
    removeItem(key) {
      values.delete(key);
      bridge.send('store', { key, value: null } satisfies StoreData);
    },
  };
}

export function connectToHost(botId: string): HostBridge {
  const parent = window.parent;
  let hostOrigin: string | null = null;
  let nextId = 1;
  const handlers = new Map<ParentEvent, Set<HostHandler>>();
  // Questions to the host waiting for their answer, by event and id (each side numbers its own).
  const waiting = new Map<string, (data: unknown) => void>();
  let resolveReady: (data: InitChatData) => void = () => undefined;
  const ready = new Promise<InitChatData>((resolve) => (resolveReady = resolve));

  const send = (event: ParentEvent, data?: unknown, id?: number) => {
    const message: WidgetMessage = { requester: CHAT_REQUESTER, event, botId, data, id };
    parent.postMessage(message, hostOrigin ?? '*');
  };

  window.addEventListener('message', (event) => {
    if (event.source !== parent) return;
    const message = readWidgetMessage(event.data, HOST_REQUESTER, botId);
    if (!message) return;
    if (message.event === 'initChat' && hostOrigin === null) {
      const init = message.data as InitChatData;
      // A page may only speak for its own site: the address it gives must be on the origin the
      // browser says the message came from.
      const page = originOf(init?.page ?? '') === event.origin ? init.page : event.origin;
      hostOrigin = event.origin;
      resolveReady({ ...init, page });
      return;
    }
    if (hostOrigin === null || event.origin !== hostOrigin) return;
    const key = `${message.event}:${message.id}`;
    if (waiting.has(key)) {
      waiting.get(key)?.(message.data);
      waiting.delete(key);
      return;
    }
    handlers.get(message.event)?.forEach((handler) => handler(message.data, message));
  });
  // "I am here": the loader answers with initChat. Only this first message goes to any origin,
  // and it carries nothing.
  send('initChat');

  return {
    ready,
    send,
    ask(event, data, timeoutMs) {
      const id = nextId++;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(`${event}:${id}`);
          resolve(null);
        }, timeoutMs);
        waiting.set(`${event}:${id}`, (answer) => {
          clearTimeout(timer);
          resolve(answer);
        });
        send(event, data, id);
      });
    },
    on(event, handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(handler);
      return () => handlers.get(event)?.delete(handler);
    },
  };
}
