import type { Kysely } from 'kysely';
import type { Database, Language } from '../db/schema.js';

/** Every language a bot can speak, in a stable order (by id). */
export async function listLanguages(db: Kysely<Database>): Promise<Language[]> {
  return db.selectFrom('languages').selectAll().orderBy('id').execute();
}
