/** Keys the app keeps in local storage (spec 1 §3 Client-side storage). */
export const storageKeys = {
  accessToken: 'accessToken',
  theme: 'theme',
  smallDrawer: 'smallDrawer',
  selectedProvider: 'sp',
  speakerListen: 'speakerListen',
  activeBot: 'activeBot',
} as const;

export function getAccessToken(): string | null {
  return localStorage.getItem(storageKeys.accessToken);
}

export function setAccessToken(token: string): void {
  localStorage.setItem(storageKeys.accessToken, token);
}

export function clearAccessToken(): void {
  localStorage.removeItem(storageKeys.accessToken);
}
