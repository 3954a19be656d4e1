// The jobs runner (issue 14): 10,000 no-op jobs enqueued one by one (each with a dedupe key, as
// channel sends and notification deliveries are), then claimed and completed by two runner
// processes on one PostgreSQL database. Prints jobs/s for each phase, and the proof that no job
// ran twice: the ids each process ran, compared.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase } from '../server/db/connect.js';
import { countJobs, JobRunner } from '../server/jobs/index.js';
import { withPg } from '../tests/fixtures/postgres.js';
import { printTable } from './stats.js';

const JOBS = 10_000;
const ENQUEUERS = 16;

function startRunner(
  name: string,
  database: object,
): { child: ChildProcessWithoutNullStreams; output: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/jobs-process.ts'], {
    env: { ...process.env, JOBS_DB: JSON.stringify(database), RUNNER_NAME: name },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.pipe(process.stderr);
  return { child, output: new Promise((resolve) => child.on('exit', () => resolve(output))) };
}

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 20));
}

export async function runJobsBench(): Promise<void> {
  const url =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_jobs_${crypto.randomBytes(4).toString('hex')}`;
  try {
    await withPg(url, (c) => c.query(`create schema ${schema}`));
  } catch {
    console.log(`\nJobs runner: skipped, no PostgreSQL at ${url}`);
    return;
  }
  const database = { databaseUrl: url, databaseSchema: schema, dataDir: path.join(os.tmpdir(), schema) };
  const db = openDatabase(database);
  try {
    await migrateToLatest(db, schema);
    const producer = new JobRunner(db);

    let started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: ENQUEUERS }, async () => {
        while (next < JOBS) {
          const n = next++;
          await producer.enqueue({ kind: 'noop', payload: { n }, dedupeKey: `bench-${n}` });
        }
      }),
    );
    const enqueueMs = performance.now() - started;
    // Enqueueing them all again adds nothing.
    const again = await producer.enqueue({ kind: 'noop', payload: { n: 0 }, dedupeKey: 'bench-0' });

    const runners = ['runner-1', 'runner-2'].map((name) => startRunner(name, database));
    await Promise.all(runners.map(({ child }) => new Promise((r) => child.stdout.once('data', r))));
    started = performance.now();
    await waitFor(async () => (await countJobs(db, 'done')) === JOBS);
    const runMs = performance.now() - started;
    runners.forEach(({ child }) => child.kill('SIGTERM'));
    const ran = (await Promise.all(runners.map((r) => r.output))).map(
      (out) => JSON.parse(out.trim().split('\n').at(-1)!) as number[],
    );
    const all = ran.flat();
    const distinct = new Set(all).size;
    printTable(
      `Jobs runner (PostgreSQL, ${JOBS.toLocaleString('en')} no-op jobs, two runner processes, 32 at a time each)`,
      ['measure', 'value'],
      [
        [
          `enqueue, ${ENQUEUERS} at a time, each with a dedupe key`,
          `${Math.round(JOBS / (enqueueMs / 1000))} jobs/s`,
        ],
        ['a second enqueue with a used dedupe key', again.created ? 'ADDED (wrong)' : 'no-op'],
        ['claim + run + complete, two processes', `${Math.round(JOBS / (runMs / 1000))} jobs/s`],
        ['jobs run by each process', ran.map((ids) => ids.length).join(' + ')],
        ['runs in all / distinct jobs run', `${all.length} / ${distinct}`],
        [
          'jobs run twice',
          all.length - distinct === 0 && distinct === JOBS ? 'none' : `${all.length - distinct} (wrong)`,
        ],
      ],
    );
  } finally {
    await db.destroy();
    await withPg(url, (c) => c.query(`drop schema ${schema} cascade`));
  }
}
