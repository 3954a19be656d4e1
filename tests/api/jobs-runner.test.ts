// The jobs runner on a real database (SQLite, and PostgreSQL when the API tests run on it).
import { spawn } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { migrateToLatest, openDatabase } from '../../server/db/connect.js';
import type { Database } from '../../server/db/schema.js';
import { countJobs, JobRunner, PermanentJobError, RetryLaterError } from '../../server/jobs/index.js';
import { createTestDatabase, type TestDatabase } from './helpers.js';

let database: TestDatabase;
let db: Kysely<Database>;
const extraHandles: Kysely<Database>[] = [];
const onPostgres = Boolean(process.env.API_DATABASE_URL);

function connect(): Kysely<Database> {
  const handle = openDatabase(database);
  extraHandles.push(handle);
  return handle;
}

const jobRow = (id: number) =>
  db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeEach(async () => {
  database = await createTestDatabase();
  db = openDatabase(database);
  await migrateToLatest(db, database.databaseSchema);
});

afterEach(async () => {
  await Promise.all(extraHandles.splice(0).map((h) => h.destroy()));
  await db.destroy();
  await database.remove();
});

describe('jobs runner', () => {
  it('runs an enqueued job once with its payload, then marks it done', async () => {
    const seen: unknown[] = [];
    const runner = new JobRunner(db).register('greet', { run: async (payload) => void seen.push(payload) });
    const { id, created } = await runner.enqueue({ kind: 'greet', payload: { name: 'Ada' } });
    expect(created).toBe(true);
    expect(await runner.runDue()).toBe(1);
    await runner.idle();
    expect(seen).toEqual([{ name: 'Ada' }]);
    expect(await runner.runDue()).toBe(0);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 1, locked_by: null });
  });

  it('makes a second enqueue with the same dedupe key a no-op, even after the first ran', async () => {
    let runs = 0;
    const runner = new JobRunner(db).register('send', { run: async () => void runs++ });
    const first = await runner.enqueue({ kind: 'send', payload: 1, dedupeKey: 'msg-42' });
    const again = await runner.enqueue({ kind: 'send', payload: 2, dedupeKey: 'msg-42' });
    expect(again).toEqual({ id: first.id, created: false });
    await runner.runDue();
    await runner.idle();
    expect(await runner.enqueue({ kind: 'send', payload: 3, dedupeKey: 'msg-42' })).toEqual({
      id: first.id,
      created: false,
    });
    await runner.runDue();
    await runner.idle();
    expect(runs).toBe(1);
    expect(await db.selectFrom('jobs').select('payload').execute()).toEqual([{ payload: '1' }]);
  });

  it('retries a failing job with growing delays, then marks it dead with the last error', async () => {
    let clock = 1_000_000;
    let tries = 0;
    const runner = new JobRunner(db, {
      now: () => clock,
      backoff: { baseMs: 1_000, capMs: 60_000 },
    }).register('flaky', {
      run: async () => {
        tries++;
        throw new Error(`down (try ${tries})`);
      },
    });
    const { id } = await runner.enqueue({ kind: 'flaky', payload: null, maxAttempts: 3 });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await runner.runDue()).toBe(1);
      await runner.idle();
      const row = await jobRow(id);
      if (attempt < 3) {
        expect(row).toMatchObject({
          state: 'queued',
          attempts: attempt,
          last_error: `down (try ${attempt})`,
        });
        delays.push(row.run_at - clock);
        // Not due before its time.
        expect(await runner.runDue()).toBe(0);
        clock = row.run_at;
      } else {
        expect(row).toMatchObject({ state: 'dead', attempts: 3, last_error: 'down (try 3)' });
      }
    }
    expect(delays[0]).toBeGreaterThanOrEqual(500);
    expect(delays[0]).toBeLessThanOrEqual(1_000);
    expect(delays[1]).toBeGreaterThanOrEqual(1_000);
    expect(delays[1]).toBeLessThanOrEqual(2_000);
    clock += 10 * 60_000;
    expect(await runner.runDue()).toBe(0);
    expect(tries).toBe(3);
  });

  it('does not count a re-queue on purpose as an attempt: a job waiting more often than its attempts allow runs on', async () => {
    let clock = 1_000_000;
    let runs = 0;
    const runner = new JobRunner(db, { now: () => clock }).register('paced', {
      run: async () => {
        runs++;
        if (runs <= 5) throw new RetryLaterError(1_000, 'waiting for its slot', true);
      },
    });
    const { id } = await runner.enqueue({ kind: 'paced', payload: null, maxAttempts: 2 });
    for (let i = 0; i < 5; i++) {
      expect(await runner.runDue()).toBe(1);
      await runner.idle();
      const row = await jobRow(id);
      expect(row).toMatchObject({ state: 'queued', attempts: 0, last_error: null, run_at: clock + 1_000 });
      clock = row.run_at;
    }
    expect(await runner.runDue()).toBe(1);
    await runner.idle();
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 1 });
    expect(runs).toBe(6);
  });

  it('marks a job dead at once on a permanent failure or a payload its handler refuses', async () => {
    const runner = new JobRunner(db)
      .register('bad', {
        run: async () => {
          throw new PermanentJobError('The bot was deleted.');
        },
      })
      .register('typed', {
        parse: (payload) => {
          if (typeof payload !== 'number') throw new Error('a number is expected');
          return payload;
        },
        run: async () => {},
      });
    const bad = await runner.enqueue({ kind: 'bad', payload: {} });
    const typed = await runner.enqueue({ kind: 'typed', payload: 'text' });
    await runner.runDue();
    await runner.idle();
    expect(await jobRow(bad.id)).toMatchObject({
      state: 'dead',
      attempts: 1,
      last_error: 'The bot was deleted.',
    });
    expect((await jobRow(typed.id)).last_error).toContain('a number is expected');
    expect((await jobRow(typed.id)).state).toBe('dead');
  });

  it('gives a job claimed by a killed runner to another after its lease runs out', async () => {
    const { id } = await new JobRunner(db).enqueue({ kind: 'hang', payload: null });
    const child = spawn('npx', ['tsx', 'tests/fixtures/jobs-child.ts'], {
      env: { ...process.env, JOBS_DB: JSON.stringify(database), LEASE_MS: '1000' },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('claimed') && resolve());
      child.on('exit', (code) => reject(new Error(`the child runner exited (${code})`)));
    });
    expect(await jobRow(id)).toMatchObject({ state: 'running', locked_by: 'child' });
    process.kill(-child.pid!, 'SIGKILL');

    let ran = 0;
    const survivor = new JobRunner(connect(), { name: 'survivor' }).register('hang', {
      run: async () => void ran++,
    });
    // Still leased: nobody else may take it yet.
    expect(await survivor.runDue()).toBe(0);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(await survivor.runDue()).toBe(1);
    await survivor.idle();
    expect(ran).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2 });
  }, 60_000);

  it("ignores a stalled runner's late outcome once another runner took its job over", async () => {
    let clock = 5_000_000;
    let release!: () => void;
    const slow = new JobRunner(db, { now: () => clock, leaseMs: 1_000, name: 'slow' }).register('work', {
      run: () => new Promise<void>((resolve) => (release = resolve)),
    });
    const fast = new JobRunner(connect(), { now: () => clock, leaseMs: 1_000, name: 'fast' }).register(
      'work',
      {
        run: async () => {},
      },
    );
    const { id } = await slow.enqueue({ kind: 'work', payload: null });
    expect(await slow.runDue()).toBe(1);
    clock += 1_001;
    expect(await fast.runDue()).toBe(1);
    await fast.idle();
    release();
    await slow.idle();
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('stops gracefully: the running job finishes and is recorded before stop() returns', async () => {
    const runner = new JobRunner(db, { pollMs: 20 }).register('slow', {
      run: () => new Promise((r) => setTimeout(r, 300)),
    });
    const { id } = await runner.enqueue({ kind: 'slow', payload: null });
    runner.start();
    await expect.poll(async () => (await jobRow(id)).state).toBe('running');
    await runner.stop();
    expect((await jobRow(id)).state).toBe('done');
  });

  it(`never runs a job twice with two runners on one database (${onPostgres ? '10,000' : '2,000'} jobs)`, async () => {
    const total = onPostgres ? 10_000 : 2_000;
    const now = Date.now();
    for (let start = 0; start < total; start += 500) {
      const rows = Array.from({ length: Math.min(500, total - start) }, (_, i) => ({
        kind: 'noop',
        payload: String(start + i),
        state: 'queued' as const,
        run_at: now,
        attempts: 0,
        max_attempts: 3,
        created_at: now,
        updated_at: now,
      }));
      await db.insertInto('jobs').values(rows).execute();
    }
    const runs = new Map<number, string[]>();
    const runners = ['one', 'two'].map((name) =>
      new JobRunner(connect(), { name, concurrency: 16, pollMs: 10 }).register<string>('noop', {
        run: async (_payload, job) => void runs.set(job.id, [...(runs.get(job.id) ?? []), name]),
      }),
    );
    runners.forEach((r) => r.start());
    await expect.poll(() => countJobs(db, 'done'), { timeout: 120_000, interval: 250 }).toBe(total);
    await Promise.all(runners.map((r) => r.stop()));
    expect(runs.size).toBe(total);
    expect([...runs.values()].filter((names) => names.length > 1)).toEqual([]);
    // Both took part.
    const perRunner = [...runs.values()].flat().reduce((m, n) => m.set(n, (m.get(n) ?? 0) + 1), new Map());
    expect(perRunner.get('one')).toBeGreaterThan(0);
    expect(perRunner.get('two')).toBeGreaterThan(0);
  }, 180_000);
});
