import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { defaultTheme, mergeTheme, themePatchSchema, type Theme } from '../../src/core/theme/index.js';

type Db = Kysely<Database>;

/**
 * A stored theme read back through the schema onto the defaults: a theme saved before a field
 * existed still comes out complete.
 */
function readTheme(text: string): Theme {
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    stored = {};
  }
  const parsed = themePatchSchema.safeParse(stored);
  return mergeTheme(defaultTheme(), parsed.success ? parsed.data : {});
}

export async function findTheme(db: Db, botId: number): Promise<Theme> {
  const row = await db.selectFrom('themes').select('theme').where('bot_id', '=', botId).executeTakeFirst();
  return row ? readTheme(row.theme) : defaultTheme();
}

/** Creates or replaces the theme of a bot. */
export async function saveTheme(db: Db, botId: number, theme: Theme, now = Date.now()): Promise<void> {
  const text = JSON.stringify(theme);
  await db
    .insertInto('themes')
    .values({ bot_id: botId, theme: text, updated_at: now })
    .onConflict((oc) => oc.column('bot_id').doUpdateSet({ theme: text, updated_at: now }))
    .execute();
}
