// Where a bench server's CPU goes, from V8's own profiles (docs/analytics-cost.md, twelfth
// session): run a bench with BENCH_SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=DIR", which
// writes one .cpuprofile per thread of each server (main thread, SQLite thread, fold thread), then
//
//   npx tsx bench/cpu-profile.ts DIR/CPU.….cpuprofile [pattern] [rows]
//
// prints the thread's total and, for each function whose name or file matches the pattern, its
// inclusive time (what it and its callees took) and its self time, in ms. Native work (SQLite's
// statements, JSON.parse) counts as the self time of the JavaScript function that called it.
// Compare the same thread of the two servers (analytics on and off) to see what analytics adds.
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface FunctionTime {
  name: string;
  inclusiveMs: number;
  selfMs: number;
}

/** A function's name, its file's last two path parts and its column (tsx emits one line a file). */
const functionName = ({ callFrame: f }: ProfileNode) =>
  `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber}:${f.columnNumber}`;

/** Each function's inclusive and self time; a recursive function's samples count once. */
export function functionTimes(profile: CpuProfile): { totalMs: number; functions: FunctionTime[] } {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const selfOfNode = new Map<number, number>();
  profile.samples.forEach((id, i) => selfOfNode.set(id, (selfOfNode.get(id) ?? 0) + profile.timeDeltas[i]));

  const times = new Map<string, FunctionTime>();
  const timeOf = (name: string) => {
    let time = times.get(name);
    if (!time) times.set(name, (time = { name, inclusiveMs: 0, selfMs: 0 }));
    return time;
  };
  let totalMicros = 0;
  for (const [id, micros] of selfOfNode) {
    totalMicros += micros;
    timeOf(functionName(nodes.get(id)!)).selfMs += micros / 1000;
    const counted = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const name = functionName(nodes.get(at)!);
      if (counted.has(name)) continue;
      counted.add(name);
      timeOf(name).inclusiveMs += micros / 1000;
    }
  }
  const functions = [...times.values()].sort((a, b) => b.inclusiveMs - a.inclusiveMs);
  return { totalMs: totalMicros / 1000, functions };
}

if (process.argv[1]?.endsWith('cpu-profile.ts')) {
  const [file, pattern = '', rows = '30'] = process.argv.slice(2);
  if (!file) {
    console.error('usage: npx tsx bench/cpu-profile.ts FILE.cpuprofile [pattern] [rows]');
    process.exit(2);
  }
  const { totalMs, functions } = functionTimes(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile);
  const idle = functions.find((f) => f.name.startsWith('(idle)'))?.selfMs ?? 0;
  console.log(`${file}: ${totalMs.toFixed(0)} ms sampled, ${(totalMs - idle).toFixed(0)} ms busy`);
  console.log('inclusive ms   self ms   function');
  const matching = new RegExp(pattern);
  for (const f of functions.filter((f) => matching.test(f.name)).slice(0, Number(rows)))
    console.log(`${f.inclusiveMs.toFixed(0).padStart(12)} ${f.selfMs.toFixed(0).padStart(9)}   ${f.name}`);
}
