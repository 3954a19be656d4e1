import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Sign-up refuses an e-mail or username that differs from a taken one only by case. Checking
  // first is not enough when two sign-ups race, so the database holds the rule too.
  await db.schema
    .createIndex('users_email_lower_unique')
    .on('users')
    .unique()
    .expression(sql`lower(email)`)
    .execute();
  await db.schema
    .createIndex('users_username_lower_unique')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();

  // A password reset revokes every token of the user and retires their other reset links.
  await db.schema.createIndex('access_tokens_user_id').on('access_tokens').column('user_id').execute();
  await db.schema.createIndex('password_resets_user_id').on('password_resets').column('user_id').execute();
}
