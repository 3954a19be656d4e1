import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

// The conversation is stored turn by turn (issue 6, speed): one row holds the messages a turn
// added (the guest's, then the bot's replies), numbered from `seq` on. A turn used to write one
// row per message — three or four inserts, index entries and foreign-key checks per turn, the
// larger part of a turn's database work — and messages are only ever read whole, per guest, in
// order. The old rows are carried over, each as a turn of one message.
//
// PostgreSQL also leaves room on each page of guest_sessions (fillfactor): a guest's session is
// rewritten every turn, and with room on its page the new version needs no new index entries
// (a HOT update); on full pages two thirds of the updates also wrote both indexes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('conversation_turns')
    .addColumn('guest_id', 'varchar(64)', (c) =>
      c.notNull().references('guest_sessions.id').onDelete('cascade'),
    )
    /** The sequence number of the turn's first message; the others follow on. */
    .addColumn('seq', 'integer', (c) => c.notNull())
    /** JSON text: the turn's messages (StoredMessage of server/repos/conversation.ts). */
    .addColumn('messages', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversation_turns_pk', ['guest_id', 'seq'])
    // SQLite: the primary key is the table's own B-tree, not a second one beside the rows.
    .$call((table) => (postgres ? table : table.modifyEnd(sql`without rowid`)))
    .execute();

  const message = postgres
    ? sql`json_build_array(json_build_object('sender', sender, 'payload', payload::json,
        'translations', translations::json, 'languageCode', language_code))::text`
    : sql`json_array(json_object('sender', sender, 'payload', json(payload),
        'translations', json(translations), 'languageCode', language_code))`;
  await sql`insert into conversation_turns (guest_id, seq, messages, created_at)
    select guest_id, seq, ${message}, created_at from conversation_messages`.execute(db);
  await db.schema.dropTable('conversation_messages').execute();

  if (postgres) await sql`alter table guest_sessions set (fillfactor = 50)`.execute(db);
}
