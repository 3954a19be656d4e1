import type { Kysely } from 'kysely';

// What a guest and the realtime AI said so far in a voice session (issue 14, no per-instance
// state): kept in the database so a voice turn that lands on another server instance is answered
// in context. A table of its own rather than the guest's session row: writing the session would
// race the chat turns over its version, and the history is worth nothing once the call ends.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('voice_histories')
    .addColumn('guest_id', 'varchar(64)', (c) =>
      c.primaryKey().references('guest_sessions.id').onDelete('cascade'),
    )
    /** The realtime-ai node the turns were said at (`flow/node`). */
    .addColumn('node', 'varchar(255)', (c) => c.notNull())
    /** JSON text: the ChatMessage list, oldest first. */
    .addColumn('messages', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('voice_histories_updated').on('voice_histories').column('updated_at').execute();
}
