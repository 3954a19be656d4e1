import os from 'node:os';
import type { FlowNode } from '../src/core/flow';
import { createFlowLint } from '../src/core/lint';
import { generateFlow } from './core-flow.js';
import { printTable, spread, type Spread } from './stats.js';

// The lint panel's work in the engine worker (issue 20 §5), on a 10,000-node flow, run here on
// the main thread of Node: the first lint of an opened flow, then the lint after each kind of edit.
// The incremental paths: per-node facts cached by node object (a moved node keeps its facts), and
// the graph passes (reachability, Tarjan's components) skipped while no link changed.

const SIZE = Number(process.env.BENCH_LINT_SIZE ?? 10_000);
const RUNS = Number(process.env.BENCH_LINT_RUNS ?? 30);

const ms = (value: number) => value.toFixed(2);
const mid = (s: Spread) => `${ms(s.median)} (${ms(s.min)}–${ms(s.max)})`;
const row = (label: string, s: Samples) => [label, mid(spread(s.wall)), mid(spread(s.cpu))];

interface Samples {
  wall: number[];
  /** This process's CPU time: on a shared, loaded machine it moves far less than the wall time. */
  cpu: number[];
}

/** Milliseconds of `fn` over `runs` runs (after a warm-up run), each on a fresh `prepare()`. */
function timed<T>(runs: number, prepare: (run: number) => T, fn: (input: T) => void): Samples {
  fn(prepare(-1));
  const samples: Samples = { wall: [], cpu: [] };
  for (let run = 0; run < runs; run++) {
    const input = prepare(run);
    const cpu = process.cpuUsage();
    const started = performance.now();
    fn(input);
    samples.wall.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    samples.cpu.push((used.user + used.system) / 1000);
  }
  return samples;
}

export async function runLintBench(): Promise<void> {
  const nodes = generateFlow(SIZE);
  const none = new Map();
  const middle = Math.floor(SIZE / 2);

  const cold = timed(
    Math.min(RUNS, 10),
    () => createFlowLint(),
    (lint) => lint.lint(nodes, none),
  );

  // Each run starts from a linted flow, then lints it once more after the edit.
  const warmLint = () => {
    const lint = createFlowLint();
    lint.lint(nodes, none);
    return lint;
  };
  const with1 = (replace: (node: FlowNode) => FlowNode) => {
    const edited = [...nodes];
    edited[middle] = replace(nodes[middle]);
    return edited;
  };
  const prepared = <T>(make: () => T) => {
    const lint = warmLint();
    return { lint, edited: make() };
  };
  const rename = timed(
    RUNS,
    (run) => prepared(() => with1((n) => ({ ...n, name: `${n.name} ${run}` }))),
    ({ lint, edited }) => lint.lint(edited, none),
  );
  const moveAll = timed(
    RUNS,
    (run) => prepared(() => nodes.map((n) => ({ ...n, x: n.x + run + 1, y: n.y + 1 }))),
    ({ lint, edited }) => lint.lint(edited, none),
  );
  const relink = timed(
    RUNS,
    () =>
      prepared(() =>
        with1((n) => ({
          ...n,
          next: n.next.map((slot, i) => (i === 0 ? { ...slot, node: nodes[0].id } : slot)),
        })),
      ),
    ({ lint, edited }) => lint.lint(edited, none),
  );
  const issues = createFlowLint().lint(nodes, none);
  const count = (rule: string) => issues.filter((i) => i.rule === rule).length;

  printTable(
    `Lint (issue 20 §5), ${SIZE.toLocaleString('en')}-node flow (${count('dead-end')} dead ends, ${count('loop-without-exit')} loops with no exit, ${issues.length} issues): median (min–max) in ms`,
    ['lint after', 'wall ms', 'CPU ms'],
    [
      row('opening the flow (every node read, graph passes)', cold),
      row('renaming one node (its facts only; graph passes skipped)', rename),
      row('moving every node (facts kept; graph passes skipped)', moveAll),
      row('relinking one node (its facts; graph passes run again)', relink),
    ],
  );
  console.log(
    `\nLint bench: load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}.`,
  );
}
