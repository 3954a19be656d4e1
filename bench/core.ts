import { evaluateCondition, parseUncached } from '../src/core/condition';
import { evaluate } from '../src/core/condition/evaluate';
import { createEngine } from '../src/core/flow';
import { validateFlow } from '../src/core/validation';
import { BENCH_CONTEXT, CONDITIONS, CONDITION_VARIABLES, generateFlow } from './core-flow.js';
import { printTable, summarize } from './stats.js';

// The core bench (issue 5): validateFlow over a 10,000-node flow, and condition parse + evaluate
// throughput. Both run on the main thread here; in the editor they run in the engine worker.

const FLOW_SIZE = 10_000;
const VALIDATE_RUNS = 15;
const THROUGHPUT_ROUNDS = 7;
const TARGET_VALIDATE_MS = 100;
const TARGET_CONDITIONS_PER_SECOND = 300_000;

/** Milliseconds per call of `fn`, `runs` times after two warm-up calls. */
function timeRuns(runs: number, fn: () => void): number[] {
  fn();
  fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** Median conditions per second of `rounds` rounds, each running the corpus for ~200 ms. */
function throughput(rounds: number, once: (text: string) => unknown): number {
  const rates: number[] = [];
  let truthy = 0; // used below, so the work cannot be optimised away
  for (let round = -1; round < rounds; round++) {
    let done = 0;
    const started = performance.now();
    while (performance.now() - started < 200) {
      for (const text of CONDITIONS) if (once(text)) truthy++;
      done += CONDITIONS.length;
    }
    if (round >= 0) rates.push(done / ((performance.now() - started) / 1000));
  }
  if (truthy < 0) console.log(truthy);
  return rates.sort((a, b) => a - b)[Math.floor(rates.length / 2)];
}

export async function runCoreBench(): Promise<void> {
  const nodes = generateFlow(FLOW_SIZE);
  const links = nodes.reduce((sum, node) => sum + node.next.filter((slot) => slot.node !== null).length, 0);
  let invalid = 0;
  const full = summarize(
    timeRuns(VALIDATE_RUNS, () => void (invalid = validateFlow(nodes, BENCH_CONTEXT).size)),
  );

  // What the worker does per edit: re-validate the node the edit touched, over the whole replica.
  const engine = createEngine();
  engine.setValidationContext(BENCH_CONTEXT);
  engine.load(nodes);
  engine.validate();
  const one = summarize(timeRuns(200, () => void engine.validate([nodes[FLOW_SIZE / 2].id])));

  const cached = throughput(THROUGHPUT_ROUNDS, (text) => evaluateCondition(text, CONDITION_VARIABLES));
  const cold = throughput(THROUGHPUT_ROUNDS, (text) => {
    const result = parseUncached(text);
    return result.ok && evaluate(result.ast, CONDITION_VARIABLES);
  });

  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  printTable(
    `Core: validation of a ${FLOW_SIZE.toLocaleString('en')}-node flow (${(links / FLOW_SIZE).toFixed(2)} links per node, ${invalid} invalid nodes) and the condition language (${CONDITIONS.length} conditions)`,
    ['measure', 'median', 'p95', 'target', 'verdict'],
    [
      [
        `validateFlow, ${FLOW_SIZE} nodes (ms)`,
        full.median,
        full.p95,
        `<= ${TARGET_VALIDATE_MS}`,
        verdict(full.median <= TARGET_VALIDATE_MS),
      ],
      ['engine.validate([one changed id]) (ms)', one.median, one.p95, '-', '-'],
      [
        'parseCondition + evaluateCondition (per s)',
        Math.round(cached).toLocaleString('en'),
        '-',
        `>= ${TARGET_CONDITIONS_PER_SECOND.toLocaleString('en')}`,
        verdict(cached >= TARGET_CONDITIONS_PER_SECOND),
      ],
      ['  same, parse cache bypassed (per s)', Math.round(cold).toLocaleString('en'), '-', '-', '-'],
    ],
  );
}
