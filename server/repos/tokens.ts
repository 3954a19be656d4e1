import type { Kysely } from 'kysely';
import type { Database, User } from '../db/schema.js';
import { digest, randomToken } from './secrets.js';

export async function issueAccessToken(db: Kysely<Database>, userId: number): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('access_tokens')
    .values({ token_hash: digest(token), user_id: userId, created_at: Date.now(), revoked_at: null })
    .execute();
  return token;
}

export async function findUserByToken(db: Kysely<Database>, token: string): Promise<User | null> {
  const user = await db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .selectAll('users')
    .where('access_tokens.token_hash', '=', digest(token))
    .where('access_tokens.revoked_at', 'is', null)
    .executeTakeFirst();
  return user ?? null;
}

export async function revokeAccessToken(db: Kysely<Database>, token: string): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: Date.now() })
    .where('token_hash', '=', digest(token))
    .execute();
}
