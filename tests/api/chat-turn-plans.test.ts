// PostgreSQL: the chat turn's batched statements are planned as index lookups even when their plan
// is made on empty tables (a prepared statement's generic plan is made once, early, and kept).
// A sequential scan of guest_sessions in that plan means every batch of turns reads every guest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directPostgres } from '../../server/db/connect.js';
import { SAVE_TURNS_SQL } from '../../server/repos/guests.js';
import { READ_TURNS_SQL } from '../../server/conversations/turn-reader.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

async function genericPlan(sql: string, types: string, args: string): Promise<string> {
  const client = await directPostgres(t.app.db)!.connect();
  try {
    await client.query('set plan_cache_mode = force_generic_plan');
    await client.query(`prepare planned(${types}) as ${sql}`);
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain execute planned(${args})`);
    await client.query('deallocate planned');
    await client.query('reset plan_cache_mode');
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    client.release();
  }
}

describe.skipIf(!process.env.API_DATABASE_URL)('the chat turn plans on PostgreSQL', () => {
  it('read the guests, bots and flows of a batch by key', async () => {
    const plan = await genericPlan(READ_TURNS_SQL, 'int[], varchar[], varchar[]', `'{1}', '{main}', '{g}'`);
    expect(plan).toContain('Index Scan using guest_sessions_pkey');
    expect(plan).not.toMatch(/Seq Scan|Hash/);
  });

  it('write a batch of turns by key', async () => {
    const plan = await genericPlan(SAVE_TURNS_SQL, 'json, json, json, json', `'[]', '[]', '[]', '[]'`);
    expect(plan).toContain('Index Scan using guest_sessions_pkey');
    expect(plan).not.toMatch(/Seq Scan|Hash/);
  });
});
