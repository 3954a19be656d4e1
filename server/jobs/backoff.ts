// When a failed job runs again: exponential back-off with "full jitter" (a random delay up to the
// exponential bound), so many jobs failing together — a channel's API down for a minute — do not
// all come back in the same second.

export interface BackoffPolicy {
  /** The bound after the first failure. */
  baseMs: number;
  /** The bound never grows past this. */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 60 * 60_000 };

/**
 * The delay before attempt `attempts + 1`, after `attempts` (≥ 1) failed: uniform in
 * [bound / 2, bound], bound = min(cap, base · 2^(attempts − 1)). Half the bound is kept so a retry
 * never comes back at once.
 */
export function retryDelayMs(
  attempts: number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  random = Math.random,
): number {
  const exponent = Math.min(Math.max(attempts, 1) - 1, 30);
  const bound = Math.min(policy.capMs, policy.baseMs * 2 ** exponent);
  return Math.round(bound / 2 + random() * (bound / 2));
}
