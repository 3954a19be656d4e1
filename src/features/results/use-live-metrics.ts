import { useEffect, useState } from 'react';
import type { MetricsAnswer } from '../../core/api/analytics';
import { fetchMetrics, watchMetrics, type Filters } from './results-api';

/** Coalesces a burst of turns into one reload. */
const RELOAD_AFTER_MS = 300;

/**
 * The bot's figures for `filters`, reloaded whenever the live stream says they changed, and a
 * counter of those changes (the conversations table reloads on it too).
 */
export function useLiveMetrics(botId: number | null, filters: Filters) {
  const [metrics, setMetrics] = useState<MetricsAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revision, setRevision] = useState(0);
  const key = JSON.stringify(filters);

  useEffect(() => {
    if (botId === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = watchMetrics(botId, () => {
      clearTimeout(timer);
      timer = setTimeout(() => setRevision((n) => n + 1), RELOAD_AFTER_MS);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [botId]);

  useEffect(() => {
    if (botId === null) return;
    const controller = new AbortController();
    fetchMetrics(botId, JSON.parse(key) as Filters, controller.signal).then(
      (answer) => {
        setMetrics(answer);
        setError(null);
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      },
    );
    return () => controller.abort();
  }, [botId, key, revision]);

  return { metrics, error, revision };
}
