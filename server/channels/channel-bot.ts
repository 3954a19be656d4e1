// A bot as its channels need it: its tokens and the languages it speaks.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { openToken } from '../repos/token-box.js';

export interface ChannelBot {
  id: number;
  telegramToken: string;
  whatsappToken: string;
  whatsappPhoneId: string;
  /** Language codes the bot speaks (its default first). */
  languages: string[];
}

const COLUMNS = [
  'id',
  'telegram_token',
  'whatsapp_token',
  'whatsapp_phone_id',
  'language',
  'supported_languages',
] as const;

/** Language codes by id (reference data): given by a caller that keeps them, else read. */
type Codes = Map<number, string>;

/** The bot's row as its channels read it (see COLUMNS). */
export type ChannelBotRow = Record<(typeof COLUMNS)[number], unknown>;

function languageIds(row: ChannelBotRow): number[] {
  let supported: number[] = [];
  try {
    supported = JSON.parse(String(row.supported_languages)) as number[];
  } catch {
    supported = [];
  }
  return [Number(row.language), ...supported];
}

/** The bot of a row read elsewhere (with a conversation's lease), given the language codes. */
export function channelBotOf(db: Kysely<Database>, row: ChannelBotRow, codes: Codes): ChannelBot {
  const ids = languageIds(row);
  return {
    id: Number(row.id),
    telegramToken: openToken(db, String(row.telegram_token ?? '')),
    whatsappToken: openToken(db, String(row.whatsapp_token ?? '')),
    whatsappPhoneId: String(row.whatsapp_phone_id ?? ''),
    languages: ids.flatMap((id) => (codes.has(id) ? [codes.get(id)!] : [])),
  };
}

async function present(db: Kysely<Database>, row: ChannelBotRow, known?: Codes): Promise<ChannelBot> {
  const ids = languageIds(row);
  const byId =
    known ??
    new Map(
      (await db.selectFrom('languages').select(['id', 'code']).where('id', 'in', ids).execute()).map((c) => [
        c.id,
        c.code,
      ]),
    );
  return channelBotOf(db, row, byId);
}

export async function findChannelBot(
  db: Kysely<Database>,
  botId: number,
  codes?: Codes,
): Promise<ChannelBot | null> {
  const row = await db.selectFrom('bots').select(COLUMNS).where('id', '=', botId).executeTakeFirst();
  return row ? present(db, row, codes) : null;
}

/** The bot answering on a WhatsApp business number (its whatsapp_phone_id), or null. */
export async function findBotByPhoneId(
  db: Kysely<Database>,
  phoneNumberId: string,
): Promise<ChannelBot | null> {
  if (!phoneNumberId) return null;
  const row = await db
    .selectFrom('bots')
    .select(COLUMNS)
    .where('whatsapp_phone_id', '=', phoneNumberId)
    .orderBy('id')
    .executeTakeFirst();
  return row ? present(db, row) : null;
}
