import type { Kysely } from 'kysely';

// A call provider's bearer token (spec 3 §7 "Call provider backend": every request to the
// provider carries it, and the schedule body names it as access_token). It stays on the server:
// the widget reaches the provider through the relay of server/routes/call-provider, which adds it.
// Nullable: a provider without a token is sent requests without one, as before.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('providers').addColumn('access_token', 'text').execute();
}
