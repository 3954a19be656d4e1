// A channel API's refusal, as the senders need it: whether another try may succeed (429, 5xx,
// network errors) and how long the API asked to wait (Telegram's parameters.retry_after).
export class ChannelApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or 0 when the API could not be reached. */
    readonly status: number,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/** A fetch that answers a ChannelApiError (status 0) when the API cannot be reached in time. */
export async function reach(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ChannelApiError(
      `The API could not be reached: ${error instanceof Error ? error.message : error}`,
      0,
    );
  }
}
