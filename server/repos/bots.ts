// Bots belong to one customer (users.id): every query here takes the owner, so a bot id of
// another customer reads as "no such bot".
import type { Kysely } from 'kysely';
import type { BotRow, BotTable, Database } from '../db/schema.js';
import type { BotFields, BotLanguage, NotificationScheduler, TtsGender } from '../../src/core/bot/types.js';
import { newBotFields } from '../../src/core/bot/types.js';
import { schedulerFirstRun } from '../../src/core/notifications/index.js';
import { openToken, sealToken } from './token-box.js';

type Db = Kysely<Database>;

/** A stored bot: its fields plus what the server adds. */
export interface StoredBot extends BotFields {
  id: number;
  created_at: number;
  updated_at: number;
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const flag = (value: boolean) => (value ? 1 : 0);

function toColumns(db: Db, fields: BotFields) {
  return {
    name: fields.name,
    description: fields.description,
    language: fields.language,
    supported_languages: JSON.stringify(fields.supported_languages),
    origins: JSON.stringify(fields.origins),
    allow_subpaths: flag(fields.allow_subpaths),
    avatar: fields.avatar,
    custom_avatar: fields.customAvatar,
    is_avatar: flag(fields.is_avatar),
    auto_translate: flag(fields.auto_translate),
    use_tts: flag(fields.use_tts),
    use_ext_tts: flag(fields.use_ext_tts),
    use_stt: flag(fields.use_stt),
    use_ext_stt: flag(fields.use_ext_stt),
    tts_gender: fields.tts_gender,
    whatsapp_phone_id: fields.whatsapp_phone_id,
    // Secrets: encrypted at rest (token-box.ts).
    whatsapp_token: sealToken(db, fields.whatsapp_token),
    telegram_token: sealToken(db, fields.telegram_token),
    notification_scheduler: JSON.stringify(fields.notification_scheduler),
  } satisfies Partial<BotTable>;
}

export function toStoredBot(row: BotRow): StoredBot {
  const defaults = newBotFields();
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    language: row.language,
    supported_languages: parseJson<number[]>(row.supported_languages, defaults.supported_languages),
    origins: parseJson<string[]>(row.origins, []),
    allow_subpaths: row.allow_subpaths === 1,
    avatar: row.avatar,
    customAvatar: row.custom_avatar,
    is_avatar: row.is_avatar === 1,
    auto_translate: row.auto_translate === 1,
    use_tts: row.use_tts === 1,
    use_ext_tts: row.use_ext_tts === 1,
    use_stt: row.use_stt === 1,
    use_ext_stt: row.use_ext_stt === 1,
    tts_gender: (row.tts_gender === 1 ? 1 : 2) as TtsGender,
    whatsapp_phone_id: row.whatsapp_phone_id,
    whatsapp_token: row.whatsapp_token,
    telegram_token: row.telegram_token,
    notification_scheduler: parseJson<NotificationScheduler>(
      row.notification_scheduler,
      defaults.notification_scheduler,
    ),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The stored bot with its channel tokens decrypted (token-box.ts). */
function openBot(db: Db, row: BotRow): StoredBot {
  const bot = toStoredBot(row);
  return {
    ...bot,
    whatsapp_token: openToken(db, bot.whatsapp_token),
    telegram_token: openToken(db, bot.telegram_token),
  };
}

/** The customer's bots, oldest first (the newest is last, as the active-bot rule expects). */
export async function listBots(db: Db, userId: number): Promise<StoredBot[]> {
  const rows = await db
    .selectFrom('bots')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => openBot(db, row));
}

export async function findBot(db: Db, userId: number, botId: number): Promise<StoredBot | null> {
  const row = await db
    .selectFrom('bots')
    .selectAll()
    .where('id', '=', botId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? openBot(db, row) : null;
}

export async function createBot(db: Db, userId: number, fields: BotFields, now = Date.now()) {
  const row = await db
    .insertInto('bots')
    .values({
      ...toColumns(db, fields),
      user_id: userId,
      created_at: now,
      updated_at: now,
      // The notification engine's tick finds the scheduler by this (issue 18).
      scheduler_next_run_at: schedulerFirstRun(fields.notification_scheduler, now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return openBot(db, row);
}

export async function updateBot(db: Db, userId: number, botId: number, fields: BotFields, now = Date.now()) {
  const row = await db
    .updateTable('bots')
    .set({
      ...toColumns(db, fields),
      updated_at: now,
      scheduler_next_run_at: schedulerFirstRun(fields.notification_scheduler, now),
    })
    .where('id', '=', botId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  return row ? openBot(db, row) : null;
}

/** The bot settings the theme page also saves (spec 3 §3): default language and speech flags. */
export interface BotThemeSettings {
  language?: number;
  use_stt?: boolean;
  use_tts?: boolean;
  use_ext_stt?: boolean;
  use_ext_tts?: boolean;
}

export async function updateBotThemeSettings(
  db: Db,
  userId: number,
  botId: number,
  settings: BotThemeSettings,
  now = Date.now(),
): Promise<void> {
  const columns = {
    language: settings.language,
    use_stt: settings.use_stt === undefined ? undefined : flag(settings.use_stt),
    use_tts: settings.use_tts === undefined ? undefined : flag(settings.use_tts),
    use_ext_stt: settings.use_ext_stt === undefined ? undefined : flag(settings.use_ext_stt),
    use_ext_tts: settings.use_ext_tts === undefined ? undefined : flag(settings.use_ext_tts),
  };
  const set = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length === 0) return;
  await db
    .updateTable('bots')
    .set({ ...set, updated_at: now })
    .where('id', '=', botId)
    .where('user_id', '=', userId)
    .execute();
}

/** Deletes the bot; its theme goes with it (foreign key cascade). */
export async function deleteBot(db: Db, userId: number, botId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('bots')
    .where('id', '=', botId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every language by id, to check language ids and to show supported languages as objects. */
export async function languagesById(db: Db): Promise<Map<number, BotLanguage & { is_rtl: boolean }>> {
  const rows = await db.selectFrom('languages').selectAll().orderBy('id').execute();
  return new Map(rows.map((l) => [l.id, { id: l.id, name: l.name, code: l.code, is_rtl: l.is_rtl === 1 }]));
}
