import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { CONFIRMATION_CODE_MAX_ATTEMPTS, CONFIRMATION_CODE_TTL_MS } from '../../src/core/constants.js';
import type { Database } from '../db/schema.js';
import { digest, randomCode } from './secrets.js';

type Db = Kysely<Database>;

export type CodeCheck = 'confirmed' | 'invalid' | 'expired' | 'locked' | 'missing';

/** Issues a fresh 6-digit code for the user; any earlier code stops working. Answers the code. */
export async function replaceEmailCode(db: Db, userId: number, now = Date.now()): Promise<string> {
  const code = randomCode();
  const row = {
    code_hash: digest(code),
    expires_at: now + CONFIRMATION_CODE_TTL_MS,
    attempts: 0,
    created_at: now,
  };
  await db
    .insertInto('email_codes')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
  return code;
}

/**
 * Checks a code the user typed. The attempt is counted before the comparison, in one guarded
 * UPDATE, so parallel guesses cannot get past the limit of attempts.
 */
export async function checkEmailCode(
  db: Db,
  userId: number,
  code: string,
  now = Date.now(),
): Promise<CodeCheck> {
  const counted = await db
    .updateTable('email_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('attempts', '<', CONFIRMATION_CODE_MAX_ATTEMPTS)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  const row = await db
    .selectFrom('email_codes')
    .select(['code_hash', 'expires_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return 'missing';
  if (counted.numUpdatedRows === 0n) return row.expires_at <= now ? 'expired' : 'locked';
  const matches = crypto.timingSafeEqual(Buffer.from(row.code_hash, 'hex'), Buffer.from(digest(code), 'hex'));
  return matches ? 'confirmed' : 'invalid';
}

export async function deleteEmailCode(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('email_codes').where('user_id', '=', userId).execute();
}
