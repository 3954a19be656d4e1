// Spec 3 §4 "Session": the guest id the server hands out is kept per bot in the browser's storage,
// and a change of bot or template starts over with a new guest (and a new conversation).

/** The little of the Web Storage API this needs, so tests pass a Map-backed fake. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface StoredGuest {
  guestId: string;
  /** The flow template the conversation runs ('' for the bot's main flow). */
  template: string;
}

export const guestKey = (botId: string | number) => `botflow.guest.${botId}`;
export const SPEAKER_KEY = 'speakerListen';
export const THEME_MODE_KEY = 'botflow.themeMode';

/** The guest of this bot and template, or null (then any stale one is forgotten). */
export function readGuest(store: KeyValueStore, botId: string | number, template = ''): string | null {
  const key = guestKey(botId);
  let stored: Partial<StoredGuest> | null = null;
  try {
    stored = JSON.parse(store.getItem(key) ?? 'null') as Partial<StoredGuest> | null;
  } catch {
    stored = null;
  }
  if (
    stored &&
    typeof stored.guestId === 'string' &&
    stored.guestId &&
    (stored.template ?? '') === template
  ) {
    return stored.guestId;
  }
  if (stored) store.removeItem(key);
  return null;
}

export function saveGuest(
  store: KeyValueStore,
  botId: string | number,
  guestId: string,
  template = '',
): void {
  store.setItem(guestKey(botId), JSON.stringify({ guestId, template } satisfies StoredGuest));
}

export function forgetGuest(store: KeyValueStore, botId: string | number): void {
  store.removeItem(guestKey(botId));
}
