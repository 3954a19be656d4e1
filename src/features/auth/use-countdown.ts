import { useCallback, useEffect, useState } from 'react';

/** Seconds left on a countdown that ticks once a second; `start(n)` (re)starts it. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [remaining, setRemaining] = useState(0);
  const running = remaining > 0;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setRemaining((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [running]);

  const start = useCallback((seconds: number) => setRemaining(seconds), []);
  return [remaining, start];
}
