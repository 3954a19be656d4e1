// Channel tokens are secrets: every read shows them masked (issue 16 "Wire details"), and a form
// that sends the masked value back keeps the stored token.

const MASK = '••••';

/** `••••1234`: the last four characters, enough for an author to recognise the token. */
export function maskToken(token: string): string {
  if (!token) return '';
  return token.length <= 8 ? MASK : `${MASK}${token.slice(-4)}`;
}

/** The token to store: the stored one when the form sent its masked form back. */
export function unmaskToken(sent: string, stored: string): string {
  return stored && sent === maskToken(stored) ? stored : sent;
}
