// Local storage, or a memory stand-in where the browser refuses it (a third-party iframe with
// storage blocked): the chat still works, it just forgets on reload.
import type { KeyValueStore } from '../../src/core/widget/guest';

const memory = new Map<string, string>();
const fallback: KeyValueStore = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

let override: KeyValueStore | null = null;

/** Inside the widget the chat's values live in the host page's storage (see host-bridge.ts). */
export function setChatStorage(store: KeyValueStore): void {
  override = store;
}

export function safeStorage(): KeyValueStore {
  if (override) return override;
  try {
    const probe = '__botflow__';
    localStorage.setItem(probe, probe);
    localStorage.removeItem(probe);
    return localStorage;
  } catch {
    return fallback;
  }
}
