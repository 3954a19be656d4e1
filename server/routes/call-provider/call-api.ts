// The call provider's API as spec 3 §7 "Call provider backend" lists it: the only requests the
// relay passes on. Anything else (another path, another method) is not the provider's call API
// and is refused, so the relay cannot be used to reach the rest of the provider with our token.

export type CallApiRequest =
  | { kind: 'schedule' }
  | { kind: 'fetch'; callId: string }
  | { kind: 'promote'; callId: string }
  | { kind: 'stop'; callId: string };

/**
 * Call ids are the provider's: letters, digits and _ . : -, with at least one letter or digit (a
 * `..` would climb out of /api/call on the provider's side).
 */
const CALL_ID = '((?=[^/]*[A-Za-z0-9])[A-Za-z0-9_.:-]{1,128})';
const FETCH = new RegExp(`^api/call/${CALL_ID}$`);
const ACTION = new RegExp(`^api/call/${CALL_ID}/(promoteparticipant|stop)$`);

/** Which call API request `method path` is (path without the leading slash), or null. */
export function matchCallApi(method: string, path: string): CallApiRequest | null {
  if (method === 'POST' && path === 'api/call/schedule') return { kind: 'schedule' };
  const fetched = FETCH.exec(path);
  if (method === 'GET' && fetched && fetched[1] !== 'schedule') return { kind: 'fetch', callId: fetched[1] };
  const action = ACTION.exec(path);
  if (method === 'POST' && action) {
    return { kind: action[2] === 'stop' ? 'stop' : 'promote', callId: action[1] };
  }
  return null;
}

/** The provider's path and query for a request (the fetch names the provider, with participants). */
export function providerPath(request: CallApiRequest, providerId: string): string {
  const call = request.kind === 'schedule' ? '' : encodeURIComponent(request.callId);
  switch (request.kind) {
    case 'schedule':
      return '/api/call/schedule';
    case 'fetch':
      return `/api/call/${call}?providerId=${encodeURIComponent(providerId)}&participants=1`;
    case 'promote':
      return `/api/call/${call}/promoteparticipant`;
    case 'stop':
      return `/api/call/${call}/stop`;
  }
}
