import * as Comlink from 'comlink';
import { createEngine, type Engine } from '../../../core/flow';
import type { EngineWorkerApi } from '../../../../workers/engine.worker';

/** The engine as the editor sees it: every call answers a promise, worker or not. */
export type EngineClient = {
  [K in keyof Engine]: (...args: Parameters<Engine[K]>) => Promise<Awaited<ReturnType<Engine[K]>>>;
};

export interface RunningEngine {
  engine: EngineClient;
  stop(): void;
}

/**
 * Starts the engine in a Web Worker (history diffs are computed off the main thread). Where
 * workers are missing the same engine runs in place behind the same promise-returning surface.
 */
export function startEngine(): RunningEngine {
  if (typeof Worker === 'undefined') return inPlace();
  const worker = new Worker(new URL('../../../../workers/engine.worker.ts', import.meta.url), {
    type: 'module',
    name: 'botflow-engine',
  });
  const remote = Comlink.wrap<EngineWorkerApi>(worker);
  return {
    engine: remote as unknown as EngineClient,
    stop() {
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}

function inPlace(): RunningEngine {
  const local = createEngine();
  const engine = Object.fromEntries(
    Object.entries(local).map(([name, fn]) => [
      name,
      (...args: unknown[]) => Promise.resolve((fn as (...a: unknown[]) => unknown)(...args)),
    ]),
  ) as EngineClient;
  return { engine, stop() {} };
}
