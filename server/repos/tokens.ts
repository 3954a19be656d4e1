import type { Kysely } from 'kysely';
import type { Database, User } from '../db/schema.js';
import { digest, randomToken } from './secrets.js';

/**
 * A token's last use is written at most this often: expiry is counted in days, and a write on
 * every authenticated request would cost more than the request.
 */
export const TOKEN_TOUCH_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export async function issueAccessToken(
  db: Kysely<Database>,
  userId: number,
  now = Date.now(),
): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('access_tokens')
    .values({
      token_hash: digest(token),
      user_id: userId,
      created_at: now,
      last_used_at: now,
      revoked_at: null,
    })
    .execute();
  return token;
}

/**
 * The user a token belongs to, while it is neither revoked nor expired: a token expires
 * `ttlDays` after its last use (a sliding expiry: one in daily use never expires).
 */
export async function findUserByToken(
  db: Kysely<Database>,
  token: string,
  ttlDays: number,
  now = Date.now(),
): Promise<User | null> {
  const hash = digest(token);
  const row = await db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .selectAll('users')
    .select('access_tokens.last_used_at')
    .where('access_tokens.token_hash', '=', hash)
    .where('access_tokens.revoked_at', 'is', null)
    .where('access_tokens.last_used_at', '>', now - ttlDays * DAY_MS)
    .executeTakeFirst();
  if (!row) return null;
  const { last_used_at: lastUsed, ...user } = row;
  if (lastUsed < now - TOKEN_TOUCH_MS) {
    await db.updateTable('access_tokens').set({ last_used_at: now }).where('token_hash', '=', hash).execute();
  }
  return user;
}

/** Signs a user out on every device: all their tokens stop working at once. */
export async function revokeAllAccessTokens(
  db: Kysely<Database>,
  userId: number,
  now = Date.now(),
): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAccessToken(db: Kysely<Database>, token: string): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: Date.now() })
    .where('token_hash', '=', digest(token))
    .execute();
}
