// Which routes a visitor may reach, by sign-in state (spec 1 §2, spec 3 §2). Pure so that it is
// unit-tested without a browser; the router's gate (SessionGate) applies it on every navigation.

export type SessionState = 'active' | 'unverified' | 'signedOut';

/** The first route of each set is where unknown paths go. */
export const routeSets: Record<SessionState, readonly string[]> = {
  active: ['/flow', '/bots', '/theme', '/nlp', '/notifications', '/results'],
  unverified: ['/confirm-email'],
  signedOut: ['/login', '/signup', '/forget-password', '/confirm-email'],
};

/** Reachable whatever the state; the standalone chat is served on its own but listed for completeness. */
export const alwaysRoutes: readonly string[] = ['/reset-password', '/chat'];

export function homeFor(state: SessionState): string {
  return routeSets[state][0];
}

/** True when `pathname` is `route` itself or one of its children ("/nlp/files" is under "/nlp"). */
export function isUnder(pathname: string, route: string): boolean {
  return pathname === route || pathname.startsWith(`${route}/`);
}

export function isReachable(state: SessionState, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return [...routeSets[state], ...alwaysRoutes].some((route) => isUnder(path, route));
}

/** The session state a user-info answer puts the visitor in. */
export function sessionStateOf(user: { is_email_verified: number; is_deleted: number } | null): SessionState {
  if (!user) return 'signedOut';
  return Number(user.is_email_verified) === 1 && Number(user.is_deleted) === 0 ? 'active' : 'unverified';
}
