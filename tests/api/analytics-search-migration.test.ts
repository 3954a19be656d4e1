// The conversation search index taken off the outcome row (migrations 020c SQLite, 020d
// PostgreSQL) holds the rows stored before it: a search reads it for them before the rollup job has
// indexed anything itself.
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { conversationPage, searchCandidates } from '../../server/analytics/conversations.js';
import { migrateToLatest, openDatabase } from '../../server/db/connect.js';
import { isPostgres } from '../../server/db/dialect.js';
import { migrationProvider } from '../../server/db/migrations/index.js';
import type { Database } from '../../server/db/schema.js';
import { outcomeRow } from '../fixtures/outcome-rows.js';
import { createTestDatabase, type TestDatabase } from './helpers.js';

let target: TestDatabase | undefined;
let db: Kysely<Database> | undefined;

afterAll(async () => {
  await db?.destroy();
  await target?.remove();
});

const T = Date.UTC(2026, 0, 2, 3, 4, 5);
/** An outcome row as 019h stored it: without the list of nodes reached (022). */
function row(guestId: string, answers: string, lastNode: string) {
  const { reached: _, ...stored } = outcomeRow(guestId, 1, T, { answers, last_node: lastNode });
  return stored;
}

it('indexes the outcome rows already stored, and leaves no trigram index on them', async () => {
  target = await createTestDatabase();
  db = openDatabase(target);
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    migrationTableSchema: target.databaseSchema,
  });
  expect((await migrator.migrateTo('019h_conversation_search')).error).toBeUndefined();
  await db
    .insertInto('analytics_sessions')
    .values([
      row('old-1', JSON.stringify({ city: 'Reykjavík Harbour' }), 'menu'),
      row('old-2', '{}', 'Checkout-Step'),
      row('OLD-GUEST-3', '{}', 'menu'),
    ])
    .execute();
  await migrateToLatest(db, target.databaseSchema);
  // A watermark after the rows, as if the job had rolled them: the search takes them from the
  // index alone.
  await db
    .insertInto('analytics_rollups')
    .values({ name: 'sessions', rolled_until: T + 3_600_000 })
    .execute();
  const ids = async (search: string) => {
    const filter = { from: 0, to: T + 3_600_000, search };
    expect(await searchCandidates(db!, filter)).not.toBeNull();
    const page = await conversationPage(db!, 1, filter, 10);
    return page.rows.map((r) => r.guest_id);
  };
  expect(await ids('HARBOUR')).toEqual(['old-1']);
  expect(await ids('checkout')).toEqual(['old-2']);
  expect(await ids('old-guest')).toEqual(['OLD-GUEST-3']);
  expect(await ids('lighthouse')).toEqual([]);
  if (isPostgres(db)) {
    // A turn's upsert of its outcome row re-inserts no trigrams.
    const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes
      where schemaname = current_schema() and tablename = 'analytics_sessions'
        and indexdef ilike '%gin_trgm_ops%'`.execute(db);
    expect(rows).toEqual([]);
  }
});
