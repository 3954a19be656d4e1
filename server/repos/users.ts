import type { Kysely } from 'kysely';
import type { Database, User, UserTable } from '../db/schema.js';

export type NewUser = Omit<UserTable, 'id' | 'is_email_verified' | 'is_deleted' | 'created_at'>;

/** The sign-up field a clash is reported against. */
export type TakenField = 'email' | 'username';

type Db = Kysely<Database>;

/** E-mail addresses compare without regard to case, as mail servers treat them. */
export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])))
    .executeTakeFirst();
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Which of the e-mail and username is already used by someone (case-insensitive), if any. */
export async function findTakenField(
  db: Db,
  candidate: { email: string; username: string },
): Promise<TakenField | null> {
  const clash = await db
    .selectFrom('users')
    .select(['email', 'username'])
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(candidate.email)])),
        eb(eb.fn('lower', ['username']), '=', eb.fn('lower', [eb.val(candidate.username)])),
      ]),
    )
    .execute();
  if (clash.some((u) => u.email.toLowerCase() === candidate.email.toLowerCase())) return 'email';
  return clash.length > 0 ? 'username' : null;
}

export async function createUser(db: Db, user: NewUser, now = Date.now()): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...user, is_email_verified: 0, is_deleted: 0, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markEmailVerified(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ is_email_verified: 1 }).where('id', '=', userId).execute();
}

/**
 * Sets a new password and signs the user out everywhere: whoever held a token may be the reason
 * the password is being changed.
 */
export async function changePassword(db: Db, userId: number, passwordHash: string, now = Date.now()) {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** True for a UNIQUE constraint failure on SQLite or PostgreSQL (a sign-up lost a race). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
