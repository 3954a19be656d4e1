// The bot as a chat call needs it, in one query: who owns it (and whether that account is still
// open), its languages and registered sites, and the stamp of the flow the guest runs.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { FlowStamp } from './flow-source.js';

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

export async function loadChatBot(
  db: Kysely<Database>,
  botId: number,
  flowName: string,
): Promise<ChatBot | null> {
  const row = await db
    .selectFrom('bots')
    .leftJoin('users', 'users.id', 'bots.user_id')
    .leftJoin('flows', (join) => join.onRef('flows.bot_id', '=', 'bots.id').on('flows.name', '=', flowName))
    .select([
      'bots.id',
      'bots.user_id',
      'bots.language',
      'bots.supported_languages',
      'bots.origins',
      'bots.allow_subpaths',
      'bots.tts_gender',
      'users.is_deleted',
      'flows.id as flow_id',
      'flows.version as flow_version',
    ])
    .where('bots.id', '=', botId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    ownerActive: row.is_deleted === 0,
    language: row.language,
    supportedLanguages: jsonList<number>(row.supported_languages),
    origins: jsonList<string>(row.origins),
    allowSubpaths: row.allow_subpaths === 1,
    ttsGender: row.tts_gender === 1 ? 'male' : 'female',
    flow:
      row.flow_id != null && row.flow_version != null ? { id: row.flow_id, version: row.flow_version } : null,
  };
}
