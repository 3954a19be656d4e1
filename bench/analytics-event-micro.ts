// What analytics computes per chat turn, timed alone (issue 19 cost, docs/analytics-cost.md): the
// runtime bench's shop turn made into its stored event (turnEvent and its text) and the session's
// stored text after it (what analytics keeps there is written with every turn), and the fold's
// parse and adding up of a second of such events. CPU µs, median (and range) of 9 rounds. The cost bench
// cannot see a microsecond; this can. Run: npx tsx bench/analytics-event-micro.ts
import { turnEvent } from '../server/analytics/turn-events.js';
import { runnableFlow } from '../server/runtime/ports.js';
import type { StepResult } from '../server/runtime/step.js';
import { foldStoredTurns } from '../src/core/analytics/index.js';
import { benchFlow } from './runtime-flow.js';
import { spread } from './stats.js';

const nodes = benchFlow('http://127.0.0.1:1');
const flow = runnableFlow('main', 3, nodes);
const NODES = nodes.map((n) => n.id);
const GUESTS = 100;
const sessions = Array.from({ length: GUESTS }, (_, g) => ({
  env: { ENVIRONMENT: 'web' },
  language: 'en',
  variables: { order: 1000 + g, info: { state: 'shipped', date: '2026-01-01' }, code: 200 } as Record<
    string,
    unknown
  >,
}));
// As the bench's guests: three nodes a turn, an API call and a new answer every fourth turn.
const steps = Array.from({ length: 6 * GUESTS }, (_, i): StepResult => ({
  replies: [],
  secretInput: false,
  session: sessions[i % GUESTS] as never,
  visits: [0, 1, 2].map((k) => ({
    flow: 'main',
    node: NODES[(i + k) % NODES.length],
    from: NODES[(i + k + NODES.length - 1) % NODES.length],
    language: 'en',
  })),
  calls: i % 4 === 2 ? [{ kind: 'api', ms: 3.3, node: 'lookup' }] : [],
  ended: false,
  fallbacks: 0,
}));
const guestId = (i: number) => `guest-${String(i % GUESTS).padStart(20, '0')}`;
function eventText(i: number): string {
  const step = steps[i % steps.length];
  if (i % 4 === 2) sessions[i % GUESTS].variables = { ...sessions[i % GUESTS].variables, order: i };
  return JSON.stringify(turnEvent(flow, step, { id: guestId(i), botId: 7, rowVersion: i + 1 }, 1, 2));
}
const rows = Array.from({ length: 3000 }, (_, i) => ({ at: 1_795_900_000_000 + i, text: eventText(i) }));

function cpuMicros(per: number, work: () => void): number {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / per;
}
const TURNS = 300_000;
const FOLDS = 20;
const times = { event: [] as number[], session: [] as number[], fold: [] as number[] };
for (let round = 0; round < 9; round++) {
  times.event.push(
    cpuMicros(TURNS, () => {
      for (let i = 0; i < TURNS; i++) eventText(i);
    }),
  );
  times.session.push(
    cpuMicros(TURNS, () => {
      for (let i = 0; i < TURNS; i++) {
        eventText(i);
        JSON.stringify(steps[i % steps.length].session);
      }
    }) - times.event[round],
  );
  times.fold.push(
    cpuMicros(FOLDS * rows.length, () => {
      for (let f = 0; f < FOLDS; f++) foldStoredTurns(rows);
    }),
  );
}
const figure = (xs: number[]) => {
  const { median, min, max } = spread(xs);
  return `${median.toFixed(2)} µs (${min.toFixed(2)}–${max.toFixed(2)})`;
};
console.log(`event (turnEvent and its text): ${figure(times.event)} a turn`);
console.log(`session's stored text after it: ${figure(times.session)} a turn`);
console.log(`fold (parse and add up): ${figure(times.fold)} an event`);
