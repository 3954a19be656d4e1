// Starts a worker thread from a TypeScript module. The server runs its TypeScript through tsx
// (`npm start`, `npm run dev`) or through vitest, and Node 20 neither strips types nor hands the
// main thread's loader hooks to a worker (a worker given `--import tsx` still refuses `.ts`). So a
// `.ts` module is loaded by a two-line boot that registers tsx's require hook inside the worker
// first: the synchronous CommonJS one, as ESM loader hooks would start a thread of their own
// (twice the start-up time). A module already in JavaScript (a compiled server) starts as it is.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startWorker(module: URL, options: WorkerOptions = {}): Worker {
  if (!module.pathname.endsWith('.ts')) return new Worker(module, options);
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const boot = `require(${JSON.stringify(tsx)}).register();\nrequire(${JSON.stringify(fileURLToPath(module))});`;
  return new Worker(boot, { ...options, eval: true });
}
