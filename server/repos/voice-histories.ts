// What a guest and the realtime AI said so far in a voice session (migration 012), one row per
// guest, so any server instance answers the next spoken turn in context.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ChatMessage } from '../runtime/ports.js';

type Db = Kysely<Database>;

export interface StoredVoiceHistory {
  /** The realtime-ai node the turns were said at (`flow/node`). */
  node: string;
  messages: ChatMessage[];
  updatedAt: number;
}

export async function findVoiceHistory(db: Db, guestId: string): Promise<StoredVoiceHistory | null> {
  const row = await db
    .selectFrom('voice_histories')
    .select(['node', 'messages', 'updated_at'])
    .where('guest_id', '=', guestId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    node: row.node,
    messages: JSON.parse(row.messages) as ChatMessage[],
    updatedAt: Number(row.updated_at),
  };
}

export async function saveVoiceHistory(
  db: Db,
  guestId: string,
  node: string,
  messages: readonly ChatMessage[],
  now = Date.now(),
): Promise<void> {
  const values = { node, messages: JSON.stringify(messages), updated_at: now };
  await db
    .insertInto('voice_histories')
    .values({ guest_id: guestId, ...values })
    .onConflict((conflict) => conflict.column('guest_id').doUpdateSet(values))
    .execute();
}

export async function deleteVoiceHistory(db: Db, guestId: string): Promise<void> {
  await db.deleteFrom('voice_histories').where('guest_id', '=', guestId).execute();
}

/** Forgets the histories nobody spoke into since `before`; returns how many. */
export async function deleteIdleVoiceHistories(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('voice_histories').where('updated_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
