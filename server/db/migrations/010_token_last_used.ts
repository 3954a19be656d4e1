import { sql, type Kysely } from 'kysely';

// Access tokens expire after TOKEN_TTL_DAYS without use (issue 14): each token remembers when it
// was last used. Existing tokens count as used when they were issued.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('access_tokens')
    .addColumn('last_used_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update access_tokens set last_used_at = created_at`.execute(db);
}
