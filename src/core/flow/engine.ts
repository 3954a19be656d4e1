import { createHistory, type HistoryOptions } from './history';

/**
 * What the engine worker exposes (workers/engine.worker.ts wraps it with Comlink; tests call it
 * directly). For now it is the flow history; validation and condition parsing join it next.
 */
export function createEngine(options: HistoryOptions = {}) {
  const history = createHistory(options);
  return { ...history };
}

export type Engine = ReturnType<typeof createEngine>;
