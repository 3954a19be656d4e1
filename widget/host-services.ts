// What the loader does on the host page for the chat in its iframe: keep the chat's few values
// in this page's storage (third-party frames may be refused storage of their own), and ask the
// browser for the guest's location (the permission prompt belongs to the page, spec 3 §4).
import type { StoreData } from '../src/core/widget/messaging';

/** The chat's values of bot `botId`, under its prefix (see 'store' in messaging). */
export function readStored(botId: string): Record<string, string> {
  const prefix = `botflow:${botId}:`;
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

export function keepStored(botId: string, { key, value }: StoreData): void {
  try {
    if (value === null) localStorage.removeItem(`botflow:${botId}:${key}`);
    else localStorage.setItem(`botflow:${botId}:${key}`, String(value));
  } catch {
    // As above.
  }
}

/** Spec 3 §4 Geolocation: `{ latitude, longitude }`, or `{ error }`. */
export function locate(answer: (data: unknown) => void): void {
  if (!navigator.geolocation) return answer({ error: 'Geolocation is not available' });
  navigator.geolocation.getCurrentPosition(
    ({ coords }) => answer({ latitude: coords.latitude, longitude: coords.longitude }),
    (error) => answer({ error: error.message || 'Location refused' }),
    { timeout: 10000 },
  );
}
