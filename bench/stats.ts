/** Small helpers every bench suite shares: percentiles and a printed table. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export interface Timing {
  median: number;
  p95: number;
  count: number;
}

export function summarize(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), count: sorted.length };
}

/** A sample's middle and spread: median, quartiles, extremes and p95. */
export interface Spread extends Timing {
  min: number;
  p25: number;
  p75: number;
  max: number;
}

export function spread(samples: number[]): Spread {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    ...summarize(sorted),
    min: sorted[0] ?? NaN,
    p25: percentile(sorted, 25),
    p75: percentile(sorted, 75),
    max: sorted.at(-1) ?? NaN,
  };
}

export function printTable(title: string, header: string[], rows: (string | number)[][]): void {
  const cells = [
    header,
    ...rows.map((r) => r.map((c) => (typeof c === 'number' && !Number.isInteger(c) ? c.toFixed(2) : c))),
  ];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => String(r[i]).length)));
  const line = (r: (string | number)[]) =>
    '| ' + r.map((c, i) => String(c).padEnd(widths[i])).join(' | ') + ' |';
  console.log(`\n${title}\n`);
  console.log(line(cells[0]));
  console.log('| ' + widths.map((w) => '-'.repeat(w)).join(' | ') + ' |');
  for (const r of cells.slice(1)) console.log(line(r));
}

/** Times `fn` `count` times, `concurrency` at a time; answers milliseconds per call. */
export async function timeCalls(
  count: number,
  concurrency: number,
  fn: (i: number) => Promise<void>,
): Promise<number[]> {
  const samples: number[] = [];
  let next = 0;
  async function worker() {
    while (next < count) {
      const i = next++;
      const start = performance.now();
      await fn(i);
      samples.push(performance.now() - start);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return samples;
}
