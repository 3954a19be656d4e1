import type { Kysely } from 'kysely';
import { RESET_TOKEN_TTL_MS } from '../../src/core/constants.js';
import type { Database } from '../db/schema.js';
import { digest, randomToken } from './secrets.js';

type Db = Kysely<Database>;

/** Creates a single-use reset token for the user and answers it; only its digest is stored. */
export async function createPasswordReset(db: Db, userId: number, now = Date.now()): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('password_resets')
    .values({
      token_hash: digest(token),
      user_id: userId,
      expires_at: now + RESET_TOKEN_TTL_MS,
      used_at: null,
    })
    .execute();
  return token;
}

/** True while the token is unused, unexpired and was issued to this very user. */
export async function isPasswordResetValid(db: Db, userId: number, token: string, now = Date.now()) {
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', digest(token))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses the token up, in one guarded UPDATE so two requests racing with the same link cannot both
 * succeed, and retires the user's other reset links. Answers false when the token was not valid.
 */
export async function consumePasswordReset(db: Db, userId: number, token: string, now = Date.now()) {
  const used = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', digest(token))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (used.numUpdatedRows === 0n) return false;
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  return true;
}
