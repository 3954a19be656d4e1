// The bot as a chat call needs it, in one query: who owns it (and whether that account is still
// open), its languages and registered sites, the stamp of the flow the guest runs — and, for a
// returning guest, the guest's session: a turn reads everything it needs in one round trip.
import type { Kysely } from 'kysely';
import { directPostgres, directSqlite, hotSql, runHot } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import type { StoredGuest } from '../repos/guests.js';
import type { FlowStamp } from './flow-source.js';
import type { GuestSession } from '../runtime/session.js';
import {
  postgresReadBatch,
  TURN_COLUMNS,
  TurnReader,
  turnReaderFor,
  type ReadBatch,
  type ReadOne,
  type TurnRow,
} from './turn-reader.js';

export interface ChatBot {
  id: number;
  userId: number;
  /** False when the owner's account is closed. */
  ownerActive: boolean;
  /** The default language id. */
  language: number;
  supportedLanguages: number[];
  origins: string[];
  allowSubpaths: boolean;
  ttsGender: 'female' | 'male';
  /** The flow asked for (main or a template), or null when it was never published. */
  flow: FlowStamp | null;
}

function jsonList<T>(text: string): T[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export interface ChatTurnData {
  bot: ChatBot;
  /** The guest's stored session, when `guestId` names a guest of this bot. */
  guest: StoredGuest | null;
}

/**
 * Everything a turn reads, in one query (run on the hot path: see runHot). The guest is found by
 * its id alone, the primary key, and checked against the bot here (guest_bot_id): with
 * `guest_sessions.bot_id = bots.id` in the join, PostgreSQL planning on young statistics chose the
 * bot_id index and walked every guest of the bot for each turn (4× the database's CPU per turn).
 */
const CHAT_TURN_SQL = hotSql(
  'chat_turn',
  `select ${TURN_COLUMNS}
   from bots
   left join users on users.id = bots.user_id
   left join flows on flows.bot_id = bots.id and flows.name = ?
   left join guest_sessions on guest_sessions.id = ?
   where bots.id = ?`,
);

interface ChatTurnRow {
  id: number;
  user_id: number;
  language: number;
  supported_languages: string;
  origins: string;
  allow_subpaths: number;
  tts_gender: number;
  is_deleted: number | null;
  flow_id: number | null;
  flow_version: number | null;
  guest_bot_id: number | null;
  guest_state: string | null;
  guest_version: number | null;
}

async function readOne(db: Kysely<Database>, botId: number, flowName: string, guestId: string) {
  return (await runHot<ChatTurnRow>(db, CHAT_TURN_SQL, [flowName, guestId, botId])).rows[0];
}

/**
 * The reader that batches the turns starting together (see turn-reader.ts): on PostgreSQL's pool,
 * or on the SQLite thread while it runs. None inside a transaction: the read then goes with it.
 */
function batchReader(db: Kysely<Database>): TurnReader | null {
  const alone: ReadOne = (...key) => readOne(db, ...key);
  const pool = directPostgres(db);
  if (pool) return turnReaderFor(pool, () => new TurnReader(postgresReadBatch(pool), alone));
  const thread = directSqlite(db)?.thread;
  if (!thread) return null;
  const readBatch: ReadBatch = (keys) =>
    thread.read<TurnRow>(
      CHAT_TURN_SQL.sqlite,
      keys.map((k) => [k.flowName, k.guestId, k.botId]),
    );
  return turnReaderFor(thread, () => new TurnReader(readBatch, alone));
}

/** The bot and, for a returning guest, the session (read with other turns' where it can: batchReader). */
export async function loadChatTurn(
  db: Kysely<Database>,
  botId: number,
  flowName: string,
  guestId: string | null,
): Promise<ChatTurnData | null> {
  // A key holding NUL names nothing (PostgreSQL text cannot even hold one): no guest, no flow.
  const guestKey = guestId && !guestId.includes('\0') ? guestId : '';
  const flowKey = flowName.includes('\0') ? null : flowName;
  const reader = batchReader(db);
  const row = (
    reader
      ? await reader.read(botId, flowKey ?? '', guestKey)
      : await readOne(db, botId, flowKey ?? '', guestKey)
  ) as ChatTurnRow | undefined;
  if (!row) return null;
  const bot: ChatBot = {
    id: row.id,
    userId: row.user_id,
    ownerActive: row.is_deleted === 0,
    language: row.language,
    supportedLanguages: jsonList<number>(row.supported_languages),
    origins: jsonList<string>(row.origins),
    allowSubpaths: row.allow_subpaths === 1,
    ttsGender: row.tts_gender === 1 ? 'male' : 'female',
    flow:
      flowKey !== null && row.flow_id != null && row.flow_version != null
        ? { id: row.flow_id, version: row.flow_version }
        : null,
  };
  const guest =
    guestId && guestKey && row.guest_bot_id === botId && row.guest_state != null && row.guest_version != null
      ? {
          id: guestId,
          botId,
          session: JSON.parse(row.guest_state) as GuestSession,
          version: row.guest_version,
        }
      : null;
  return { bot, guest };
}

/** The bot alone (calls about a guest or a language). */
export async function loadChatBot(
  db: Kysely<Database>,
  botId: number,
  flowName: string,
): Promise<ChatBot | null> {
  return (await loadChatTurn(db, botId, flowName, null))?.bot ?? null;
}
