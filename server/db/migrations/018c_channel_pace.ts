import type { Kysely } from 'kysely';

// Send budgets a channel shares between server instances (issue 16 item 3): Telegram refuses a
// bot token more than about 30 messages a second, whichever instance sends them. One row per
// budget (its key names the channel and the token's hash): the time the budget is spent up to
// (src/core/channels/pace.ts), moved on by each reservation in one statement.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('channel_pace')
    .addColumn('pace_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tat', 'bigint', (c) => c.notNull())
    .execute();
}
