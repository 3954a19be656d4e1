// `npm run bench`: every suite in turn, each printing its own table. Pass suite names to run a
// subset: `npm run bench -- api`.
import { runApiBench } from './api.js';

const suites: Record<string, () => Promise<void>> = {
  api: runApiBench,
};

const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(suites)) {
  if (wanted.length && !wanted.includes(name)) continue;
  await run();
}
