// Work the page can do later, while nothing else is going on (requestIdleCallback where there is
// one, a short timer elsewhere — unit tests run without it).

export type IdleHandle = number;

export const whenIdle: (run: () => void) => IdleHandle =
  typeof requestIdleCallback === 'function'
    ? (run) => requestIdleCallback(run, { timeout: 1000 })
    : (run) => setTimeout(run, 50) as unknown as IdleHandle;

export const cancelIdle: (handle: IdleHandle) => void =
  typeof cancelIdleCallback === 'function' ? cancelIdleCallback : clearTimeout;
