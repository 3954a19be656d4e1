// A bot as anyone may read it: what the widget needs to draw itself and nothing private (no
// tokens, no WhatsApp or Telegram settings). Looked up by id alone, since the reader is a guest.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { languagesById, toStoredBot, type StoredBot } from '../../repos/bots.js';
import { absoluteUrl } from '../bots/present.js';

export async function findPublicBot(
  db: Kysely<Database>,
  botId: number,
): Promise<(StoredBot & { user_id: number }) | null> {
  const row = await db.selectFrom('bots').selectAll().where('id', '=', botId).executeTakeFirst();
  return row ? { ...toStoredBot(row), user_id: row.user_id } : null;
}

export interface WidgetLanguage {
  id: number;
  name: string;
  code: string;
  is_rtl: boolean;
}

export interface WidgetBot {
  id: number;
  name: string;
  avatar: string;
  is_avatar: boolean;
  languages: WidgetLanguage[];
  /** The default language id. */
  language: number;
  use_tts: boolean;
  use_stt: boolean;
  origins: string[];
  allow_subpaths: boolean;
}

export async function presentWidgetBot(
  db: Kysely<Database>,
  bot: StoredBot,
  publicUrl: string,
): Promise<WidgetBot> {
  const languages = await languagesById(db);
  return {
    id: bot.id,
    name: bot.name,
    avatar: absoluteUrl(bot.customAvatar || bot.avatar, publicUrl),
    is_avatar: bot.is_avatar,
    languages: bot.supported_languages.flatMap((id) => languages.get(id) ?? []),
    language: bot.language,
    use_tts: bot.use_tts,
    use_stt: bot.use_stt,
    origins: bot.origins,
    allow_subpaths: bot.allow_subpaths,
  };
}
