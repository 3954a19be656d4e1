process.env.BENCH_SECONDS = '5';
process.env.BENCH_DATABASE_URL = 'postgres://nobody@127.0.0.1:1/none';
const { runRuntimeBench } = await import('./runtime.ts');
await runRuntimeBench();
const lat = (globalThis as any).lat as Record<string, number[]>;
for (const [k, v] of Object.entries(lat)) { v.sort((a,b)=>a-b); console.log(k, v.length, 'p50', v[Math.floor(v.length/2)].toFixed(1), 'p99', v[Math.floor(v.length*0.99)].toFixed(1), 'max', v.at(-1)!.toFixed(1)); }
