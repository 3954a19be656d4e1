// The engine worker: history, validation and condition parsing off the main thread.
// It only exposes src/core; tests call createEngine() directly on the same code.
import * as Comlink from 'comlink';
import { createEngine } from '../src/core/flow/engine';

const engine = createEngine();
Comlink.expose(engine);

/** For the main thread: `Comlink.wrap<EngineWorkerApi>(new Worker(...))`. */
export type EngineWorkerApi = typeof engine;
