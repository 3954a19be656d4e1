import { useEffect } from 'react';
import { fetchMetrics, periodOf, watchMetrics } from '../../results';
import { useOverlayStore } from './overlay-store';

const RELOAD_AFTER_MS = 300;

/** While the overlay is on: the figures of the bot's open flow, reloaded live. */
export function useOverlayData(botId: number | null, flowName: string) {
  const on = useOverlayStore((s) => s.on);
  const period = useOverlayStore((s) => s.period);
  const version = useOverlayStore((s) => s.version);

  useEffect(() => {
    if (!on || botId === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      fetchMetrics(
        botId,
        {
          from: Date.now() - periodOf(period).ms,
          flow: flowName,
          version: version ?? undefined,
        },
        controller.signal,
      ).then(
        (metrics) => useOverlayStore.setState({ metrics, error: null }),
        (e: unknown) =>
          !controller.signal.aborted &&
          useOverlayStore.setState({ error: e instanceof Error ? e.message : String(e) }),
      );
    void load();
    const stop = watchMetrics(botId, () => {
      clearTimeout(timer);
      timer = setTimeout(() => void load(), RELOAD_AFTER_MS);
    });
    return () => {
      clearTimeout(timer);
      controller.abort();
      stop();
    };
  }, [on, botId, flowName, period, version]);
}
